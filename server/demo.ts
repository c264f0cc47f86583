import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Language } from '../shared/constants';
import { runningServerPid } from './club/server-lock';
import { openDatabase, sqliteOf } from './db/data-source';
import { seedDemoClub } from './features/demo';
import { createMarkdown } from './markdown';
import type { ServerConfig } from './settings';
import { startServer, type RunningServer } from './start-server';

/** The demo's temporary data folders are named so (in the system's temporary folder). */
export const DEMO_FOLDER_PREFIX = 'bookclub-demo-';

/** Which settings the host gave on the command line: the demo takes only those, never the environment's. */
export interface DemoChoices {
  language: Language;
  /** --port given: listen there (else 8080, or any free port when 8080 is taken). */
  port: boolean;
  /** --host given: listen there (else on this computer only). */
  host: boolean;
  /** --site-name given: call the club so (else the demo's own name in its language). */
  siteName: boolean;
}

export interface RunningDemo {
  server: RunningServer;
  /** The settings the demo runs with (the host's, with the demo's folder and nothing sent out). */
  config: ServerConfig;
  /** The temporary data folder; gone once `close` has finished. */
  dataDir: string;
  siteName: string;
  /** How long the seeding took, in ms. */
  seedMs: number;
  /** Stops the club and deletes its folder. */
  close(): Promise<void>;
}

/**
 * The demo club (`npm start -- demo`): a club with a few months of made-up history in a new temporary folder,
 * served as any club is, deleted when it stops. Nothing of the host's real club is used: not its data folder
 * (DATA_DIR), backups, mail server, chat room or public address. Mail goes to the temporary folder's outbox
 * and chat and webhook deliveries never start (open-club.ts), so nothing leaves the machine; the book lookup
 * follows OPEN_LIBRARY_URL as a real club does (set it empty to turn it off).
 */
export async function startDemo(config: ServerConfig, choices: DemoChoices, now = new Date()): Promise<RunningDemo> {
  removeAbandonedDemos();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), DEMO_FOLDER_PREFIX));
  const remove = () => fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const seedStarted = performance.now();
    const db = await openDatabase(dataDir, config.sqliteNativeBinding);
    let seeded;
    try {
      seeded = await seedDemoClub(sqliteOf(db), { language: choices.language, now, imagesDir: path.join(dataDir, 'images'), markdown: createMarkdown() });
    } finally {
      await db.destroy();
    }
    const seedMs = performance.now() - seedStarted;
    const siteName = choices.siteName ? config.siteName : seeded.siteName;
    const demoConfig: ServerConfig = {
      ...config,
      dataDir,
      host: choices.host ? config.host : '127.0.0.1',
      port: choices.port ? config.port : DEMO_PORT,
      siteName,
      defaultLanguage: choices.language,
      publicUrl: undefined,
      smtpUrl: null,
      mailFrom: null,
      matrix: null,
      matrixRoomLink: null,
      backupDir: path.join(dataDir, 'backups'),
      backupsKept: 0,
      demo: seeded.demo,
    };
    let server: RunningServer;
    try {
      server = await startServer(demoConfig);
    } catch (error) {
      // 8080 taken (a real club, most likely): any free port will do for a demo.
      if (choices.port || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      server = await startServer({ ...demoConfig, port: 0 });
    }
    let closing: Promise<void> | undefined;
    return {
      server,
      config: demoConfig,
      dataDir,
      siteName,
      seedMs,
      close: () =>
        (closing ??= (async () => {
          try {
            await server.close();
          } finally {
            remove();
          }
        })()),
    };
  } catch (error) {
    remove();
    throw error;
  }
}

const DEMO_PORT = 8080;

/** A demo folder nobody serves and untouched this long was left by a demo that was killed (kill -9, a power cut). */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * Deletes the folders of demos that could not delete their own: no running server holds them and they have
 * not changed for an hour (a demo starting this moment has no lock yet, but is seconds old).
 */
export function removeAbandonedDemos(tmpDir = os.tmpdir(), now = Date.now()): string[] {
  const removed: string[] = [];
  for (const name of fs.readdirSync(tmpDir)) {
    if (!name.startsWith(DEMO_FOLDER_PREFIX)) continue;
    const folder = path.join(tmpDir, name);
    try {
      if (now - fs.statSync(folder).mtimeMs < ABANDONED_AFTER_MS || runningServerPid(folder) !== null) continue;
      fs.rmSync(folder, { recursive: true, force: true });
      removed.push(folder);
    } catch {
      // Another user's, or gone meanwhile: not ours to worry about.
    }
  }
  return removed;
}
