import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp, type ClubApp } from './app';
import { systemClock } from './clock';
import { DATABASE_FILE, openDatabase } from './db/data-source';
import { newSetupCode } from './features/accounts/setup-code';
import type { HostProcess } from './features/host';
import { answerClientErrors } from './http/client-errors';
import { requestLanguage, translate } from './http/i18n';
import { loadOrCreateSecret } from './http/token';
import { createHub } from './realtime/hub';
import { createMailQueue } from './features/mail/mail-setup';
import { startHousekeeping } from './club/housekeeping';
import { applyRestore, carryOutRestore, finishInterruptedRestore, planRestore } from './club/restore/apply-restore';
import { stagedFromKept } from './club/restore/staged-club';
import { claimDataDir } from './club/server-lock';
import type { ServerConfig } from './settings';

/** Connections the system may hold waiting to be accepted. */
const LISTEN_BACKLOG = 4096;
/**
 * A restore waits this long for requests under way to finish before it closes the database under them;
 * those still running then are answered 503 (come back in a moment), as new ones are.
 */
const RESTORE_DRAIN_MS = 10_000;
/** The data folder's scratch space (uploads, backups being written); whatever a crash left there goes at start. */
export const SCRATCH_DIR = 'tmp';

export interface RunningServer {
  /** The port actually bound (useful when the config asked for 0). */
  port: number;
  /** Where this machine's browsers and the LAN's reach the club. */
  urls: string[];
  /**
   * While the club has no user: the one-time code that first-admin setup from another machine needs
   * (the host's own machine needs none). Null once the club had a user when it (or its restored club) started.
   */
  readonly setupCode: string | null;
  close(): Promise<void>;
}

/** Addresses members can type: localhost, and every IPv4 LAN address when listening on all interfaces. */
export function memberUrls(host: string, port: number): string[] {
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

/** One club on its database: what a restore closes and opens anew, while the process and its port stay. */
interface OpenClub {
  club: ClubApp;
  handle: ReturnType<ClubApp['app']['callback']>;
  setupCode: string | null;
  /** Starts its background work (mail, housekeeping, the schedule) once the server listens. */
  start(): void;
  /** Stops that work; a send or a scheduled task under way finishes first. */
  stopWork(): Promise<void>;
  /** Closes the app and its database (after stopWork). */
  closeDatabase(): Promise<void>;
}

/**
 * While a restore swaps the club's files, every request is told to come back in a moment, in the language
 * it asked for; the browser's page polls until the club answers again.
 */
function answerRestoring(request: http.IncomingMessage, response: http.ServerResponse, config: ServerConfig): void {
  const language = requestLanguage(request.headers['accept-language'], config.defaultLanguage);
  const body = JSON.stringify({ status: 503, title: translate(language, 'errors:title.503'), detail: translate(language, 'clubRestoring') });
  response.writeHead(503, {
    'Content-Type': 'application/problem+json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Retry-After': '2',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(body);
  // A request body (an upload) is not read; the connection goes with the answer.
  request.resume();
}

/**
 * Builds the whole club server from a config: data folder (claimed for this process alone), database
 * (migrated), HTTP app, socket hub. The headless entry, the desktop shell and the tests all start the club
 * through this one function. A restore from the host page replaces the club's files and opens it anew in
 * this same process, on the same port (`HostProcess.replaceClub`).
 */
export interface StartOptions {
  /**
   * The club could not be opened again after a restore (nor the club it replaced): every request would be
   * told to come back forever. The headless server and the desktop's server process exit, so the host sees
   * it and a restart finishes or reports the restore; tests look at the error.
   */
  onClubLost?: (error: unknown) => void;
  /** How long a restore waits for requests under way (RESTORE_DRAIN_MS); shorter in tests. */
  restoreDrainMs?: number;
}

export async function startServer(config: ServerConfig, options: StartOptions = {}): Promise<RunningServer> {
  // Owner-only: it holds password hashes and the token-signing secret.
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const releaseDataDir = claimDataDir(config.dataDir);
  const cleanups: (() => unknown)[] = [releaseDataDir];
  const undo = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    // A restore a crash cut short is finished before anything opens the database.
    finishInterruptedRestore(config.dataDir, { atStart: true });
    const scratchDir = path.join(config.dataDir, SCRATCH_DIR);
    fs.rmSync(scratchDir, { recursive: true, force: true });

    const startedAt = new Date();
    let current: OpenClub | null = null;
    // Requests the current club is answering; a restore waits for them before closing its database.
    const answering = new Map<http.ServerResponse, http.IncomingMessage>();
    let drained: (() => void) | null = null;
    const drainMs = options.restoreDrainMs ?? RESTORE_DRAIN_MS;
    let port = config.port;

    const hub = createHub({
      sessionUser: (token) => (current ? current.club.accounts.sessionUser(token) : Promise.resolve(null)),
      isOpen: () => current !== null,
    });
    // Koa's listener first, socket.io attached after: socket.io then wraps it and owns its own path, so no
    // request to the hub is ever answered twice (which threw ERR_HTTP_HEADERS_SENT and ended the process).
    const httpServer = http.createServer((request, response) => {
      const open = current;
      if (!open) return answerRestoring(request, response, config);
      answering.set(response, request);
      response.once('close', () => {
        answering.delete(response);
        if (answering.size === 0) drained?.();
      });
      open.handle(request, response);
    });
    answerClientErrors(httpServer, config.defaultLanguage);
    hub.attach(httpServer);
    cleanups.push(() => hub.close());

    // One backup or restore at a time: a restore closes the database a backup reads, and stays busy until
    // the club it brought is open.
    let busy: 'backup' | 'restore' | null = null;
    let restoreScheduled = false;
    // A swap under way; closing the server waits for it, so no database is opened after the close.
    let replacing: Promise<void> | null = null;
    const host: HostProcess = {
      startedAt,
      urls: () => memberUrls(config.host, port),
      membersOnline: () => hub.onlineCount(),
      scratchDir,
      async exclusive(kind, work) {
        if (busy) return null;
        busy = kind;
        try {
          return { value: await work() };
        } finally {
          if (!restoreScheduled) busy = null;
        }
      },
      replaceClub(staged, at) {
        // Written down before the answer says so: should the process die before the swap, the next start does it.
        const { keptAs } = planRestore(staged, { dataDir: config.dataDir, now: () => at });
        restoreScheduled = true;
        // After the answer saying so has gone out: the old club's middleware still runs on its way back.
        replacing = new Promise((resolve) => setImmediate(resolve))
          .then(() => replace(keptAs))
          .catch((error: unknown) => {
            console.error('The restore failed, and the club is not open; look at its data folder:', error);
            options.onClubLost?.(error);
          })
          .finally(() => {
            restoreScheduled = false;
            busy = null;
            replacing = null;
          });
        return { keptAs };
      },
    };

    async function openClub(): Promise<OpenClub> {
      const secret = loadOrCreateSecret(config.dataDir);
      createOwnerOnly(path.join(config.dataDir, DATABASE_FILE));
      const db = await openDatabase(config.dataDir, config.sqliteNativeBinding);
      try {
        const hasUser = (await db.query(`SELECT 1 FROM "user" LIMIT 1`)).length > 0;
        const setupCode = hasUser ? null : newSetupCode();
        const outbox = createMailQueue(db, config);
        const club = createApp({ config, db, secret, hub, outbox, clock: config.clock ?? systemClock, setupCode, host });
        let stopHousekeeping = () => {};
        return {
          club,
          handle: club.app.callback(),
          setupCode,
          start() {
            // Mail queued before a restart goes out now; from here on, in the background.
            outbox.start();
            stopHousekeeping = startHousekeeping(club.chores, (error) => console.error('Housekeeping failed:', error));
            // Deadlines, reminders and backups that fell due while the server was down happen now, late and once.
            club.schedule.start();
          },
          async stopWork() {
            stopHousekeeping();
            await club.schedule.stop();
            await outbox.stop();
          },
          async closeDatabase() {
            club.close();
            await db.destroy();
          },
        };
      } catch (error) {
        await db.destroy();
        throw error;
      }
    }

    /**
     * Waits for the requests under way (not forever: one stuck request must not hold the restore). Those
     * still running then are answered as new ones are, 503 with Retry-After, since the club they ran on is
     * about to close; an answer already begun (a download) is cut off. Each is logged in a line: what the
     * old club's code does with it afterwards fails, unanswered and unlogged (the error middleware's rule).
     */
    function drain(): Promise<void> {
      if (answering.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          for (const [response, request] of [...answering]) {
            const what = `${request.method ?? '?'} ${(request.url ?? '').split('?')[0]}`;
            if (response.headersSent) {
              response.destroy();
              console.error(`Restore: ${what} was still being answered after ${drainMs} ms; its answer was cut off.`);
            } else {
              answerRestoring(request, response, config);
              console.error(`Restore: ${what} was still under way after ${drainMs} ms; it was answered 503 (come back in a moment).`);
            }
            answering.delete(response);
          }
          resolve();
        }, drainMs);
        drained = () => {
          clearTimeout(timer);
          resolve();
        };
      }).finally(() => (drained = null));
    }

    /**
     * Swaps a checked backup in: new requests are told to come back, live connections close, requests
     * under way finish, the club closes, its files are replaced (the old ones kept beside), and the restored
     * club opens. Should it not open, the replaced club is put back the same way.
     */
    async function replace(keptAs: string): Promise<void> {
      const old = current;
      current = null;
      hub.disconnectAll();
      await drain();
      try {
        await old?.stopWork();
        await old?.closeDatabase();
      } catch (error) {
        console.error('Closing the club for the restore failed:', error);
      }
      // The renames planRestore wrote down.
      carryOutRestore(config.dataDir);
      try {
        current = await openClub();
      } catch (error) {
        console.error(`The restored club would not open; putting back the club it replaced (kept in ${keptAs}):`, error);
        applyRestore(stagedFromKept(keptAs), { dataDir: config.dataDir, nativeBinding: config.sqliteNativeBinding });
        current = await openClub();
      }
      current.start();
      if (!config.quiet) console.log(`The club was restored from a backup; the club it replaced is kept in ${keptAs}.`);
    }

    current = await openClub();
    cleanups.push(async () => {
      await current?.stopWork();
      await current?.closeDatabase();
    });

    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      // A club's members act together (a poll opens, everyone votes): Node's default queue of 511 waiting
      // connections drops some of a thousand at once; the system's own limit still caps this.
      httpServer.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => {
        httpServer.off('error', reject);
        resolve();
      });
    });
    port = (httpServer.address() as AddressInfo).port;
    current.start();

    let closing: Promise<void> | undefined;
    return {
      port,
      urls: memberUrls(config.host, port),
      get setupCode() {
        return current?.setupCode ?? null;
      },
      close() {
        closing ??= (async () => {
          await replacing;
          await current?.stopWork();
          // Closes the HTTP server too, hanging up on whoever does not let go.
          await hub.close();
          await current?.closeDatabase();
          current = null;
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
