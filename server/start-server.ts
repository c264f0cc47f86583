import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { createApp } from './app';
import { openDatabase } from './db/data-source';
import { loadOrCreateSecret } from './http/token';
import { attachHub } from './realtime/hub';
import { createMailQueue } from './features/mail/mail-setup';
import { claimDataDir } from './maintenance/server-lock';
import type { ServerConfig } from './settings';

export interface RunningServer {
  /** The port actually bound (useful when the config asked for 0). */
  port: number;
  /** Where this machine's browsers and the LAN's reach the club. */
  urls: string[];
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
 * Builds the whole club server from a config: data folder, database (migrated), HTTP app, socket hub.
 * The headless entry, the desktop shell and the tests all start the club through this one function.
 */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  // Owner-only: it holds password hashes and the token-signing secret.
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const secret = loadOrCreateSecret(config.dataDir);
  const db = await openDatabase(config.dataDir, config.sqliteNativeBinding);
  const httpServer = http.createServer();
  const hub = attachHub(httpServer, { db, secret });
  const outbox = createMailQueue(db, config);
  const app = createApp({ config, db, secret, hub, outbox });
  httpServer.on('request', app.callback());

  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(config.port, config.host, () => {
        httpServer.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const port = (httpServer.address() as AddressInfo).port;
  const releaseDataDir = claimDataDir(config.dataDir);
  // Mail queued before a restart goes out now; from here on, in the background.
  outbox.start();

  let closing: Promise<void> | undefined;
  return {
    port,
    urls: memberUrls(config.host, port),
    close() {
      closing ??= (async () => {
        await outbox.stop();
        await hub.close();
        httpServer.closeAllConnections();
        await new Promise<void>((resolve) => httpServer.close(() => resolve()));
        await db.destroy();
        releaseDataDir();
      })();
      return closing;
    },
  };
}
