import fs from 'node:fs';
import path from 'node:path';
import { createApp, type ClubApp } from '../app';
import { systemClock } from '../clock';
import { DATABASE_FILE, openDatabase } from '../db/data-source';
import { hasAnyUser, newSetupCode } from '../features/accounts';
import type { HostProcess } from './host-process';
import { createMailQueue } from '../features/mail';
import { loadOrCreateSecret } from '../http/token';
import type { Hub } from '../realtime/hub';
import type { ServerConfig } from '../settings';
import { startHousekeeping } from './housekeeping';

/** One club on its database: what a restore closes and opens anew, while the process and its port stay. */
export interface OpenClub {
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
 * Opens the club in the data folder: its secret, its database (migrated), its mail queue and its HTTP app,
 * on the process's hub and host console, which outlive it. A club without a user gets a one-time setup code.
 */
export async function openClub(config: ServerConfig, process: { hub: Hub; host: HostProcess }): Promise<OpenClub> {
  const secret = loadOrCreateSecret(config.dataDir);
  createOwnerOnly(path.join(config.dataDir, DATABASE_FILE));
  const db = await openDatabase(config.dataDir, config.sqliteNativeBinding);
  try {
    const setupCode = (await hasAnyUser(db)) ? null : newSetupCode();
    const outbox = createMailQueue(db, config);
    const club = createApp({ config, db, secret, hub: process.hub, outbox, clock: config.clock ?? systemClock, setupCode, host: process.host });
    let stopHousekeeping = () => {};
    return {
      club,
      handle: club.app.callback(),
      setupCode,
      start() {
        // Mail queued before a restart goes out now; from here on, in the background.
        outbox.start();
        // The demo club sends nothing out: chat and webhook deliveries wait in its temporary database.
        if (!config.demo) club.chat.start();
        stopHousekeeping = startHousekeeping(club.chores, (error) => console.error('Housekeeping failed:', error));
        // Deadlines, reminders and backups that fell due while the server was down happen now, late and once.
        club.schedule.start();
      },
      async stopWork() {
        stopHousekeeping();
        await club.schedule.stop();
        await outbox.stop();
        await club.chat.stop();
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
