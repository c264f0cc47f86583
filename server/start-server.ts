import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from './app';
import { systemClock } from './clock';
import { DATABASE_FILE, openDatabase } from './db/data-source';
import { newSetupCode } from './features/accounts/setup-code';
import { answerClientErrors } from './http/client-errors';
import { loadOrCreateSecret } from './http/token';
import { createHub } from './realtime/hub';
import { createMailQueue } from './features/mail/mail-setup';
import { startHousekeeping } from './maintenance/housekeeping';
import { claimDataDir } from './maintenance/server-lock';
import type { ServerConfig } from './settings';

/** Connections the system may hold waiting to be accepted. */
const LISTEN_BACKLOG = 4096;

export interface RunningServer {
  /** The port actually bound (useful when the config asked for 0). */
  port: number;
  /** Where this machine's browsers and the LAN's reach the club. */
  urls: string[];
  /**
   * While the club has no user: the one-time code that first-admin setup from another machine needs
   * (the host's own machine needs none). Null once the club had a user when it started.
   */
  setupCode: string | null;
  close(): Promise<void>;
}

/** Addresses members can type: localhost, and every IPv4 LAN address when listening on all interfaces. */
function memberUrls(host: string, port: number): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [`http://${host.includes(':') ? `[${host}]` : host}:${port}`];
  const lan = Object.values(os.networkInterfaces())
    .flat()
    .filter((a): a is os.NetworkInterfaceInfo => !!a && a.family === 'IPv4' && !a.internal)
    .map((a) => `http://${a.address}:${port}`);
  return [`http://localhost:${port}`, ...lan];
}

/**
 * The database file is made owner-only before SQLite creates it (its -wal and -shm files take the same
 * mode): it holds password hashes and members' addresses.
 */
function createOwnerOnly(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/**
 * Builds the whole club server from a config: data folder (claimed for this process alone), database
 * (migrated), HTTP app, socket hub. The headless entry, the desktop shell and the tests all start the club
 * through this one function.
 */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  // Owner-only: it holds password hashes and the token-signing secret.
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const releaseDataDir = claimDataDir(config.dataDir);
  const cleanups: (() => unknown)[] = [releaseDataDir];
  const undo = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const secret = loadOrCreateSecret(config.dataDir);
    createOwnerOnly(path.join(config.dataDir, DATABASE_FILE));
    const db = await openDatabase(config.dataDir, config.sqliteNativeBinding);
    cleanups.push(() => db.destroy());
    const hasUser = (await db.query(`SELECT 1 FROM "user" LIMIT 1`)).length > 0;
    const setupCode = hasUser ? null : newSetupCode();

    const outbox = createMailQueue(db, config);
    // The hub checks tokens with the app's accounts, made just below; it is asked only once serving.
    const hub = createHub({ sessionUser: (token) => club.accounts.sessionUser(token) });
    const club = createApp({ config, db, secret, hub, outbox, clock: config.clock ?? systemClock, setupCode });
    // Koa's listener first, socket.io attached after: socket.io then wraps it and owns its own path, so no
    // request to the hub is ever answered twice (which threw ERR_HTTP_HEADERS_SENT and ended the process).
    const httpServer = http.createServer(club.app.callback());
    answerClientErrors(httpServer, config.defaultLanguage);
    hub.attach(httpServer);
    cleanups.push(() => hub.close());

    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      // A club's members act together (a poll opens, everyone votes): Node's default queue of 511 waiting
      // connections drops some of a thousand at once; the system's own limit still caps this.
      httpServer.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => {
        httpServer.off('error', reject);
        resolve();
      });
    });
    const port = (httpServer.address() as AddressInfo).port;
    // Mail queued before a restart goes out now; from here on, in the background.
    outbox.start();
    const stopHousekeeping = startHousekeeping(club.chores, (error) => console.error('Housekeeping failed:', error));
    // Deadlines and reminders that fell due while the server was down happen now, late and once.
    club.schedule.start();

    let closing: Promise<void> | undefined;
    return {
      port,
      urls: memberUrls(config.host, port),
      setupCode,
      close() {
        closing ??= (async () => {
          stopHousekeeping();
          await club.schedule.stop();
          await outbox.stop();
          // Closes the HTTP server too, hanging up on whoever does not let go.
          await hub.close();
          club.close();
          await db.destroy();
          releaseDataDir();
        })();
        return closing;
      },
    };
  } catch (error) {
    await undo();
    throw error;
  }
}
