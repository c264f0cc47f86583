import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../db/data-source';
import { checkClubDatabase } from '../club-database-check';
import { MaintenanceError } from '../maintenance-error';

/**
 * Copies the club's database alone to `target` (the snapshot a whole-club backup, write-archive.ts, is made
 * around) with SQLite's online backup: consistent at one moment even while
 * the club is in use (the running server keeps writing; the copy holds every transaction committed before
 * that moment and none half-done). Written beside the target and renamed, so a failed backup leaves no
 * half file where the host expects one. Each step is synchronous and takes seconds on a large club: a
 * running club calls this in a worker thread (backUpClub, archive-in-worker.ts), never on its own.
 */
export async function backupDatabase(dataDir: string, target: string, nativeBinding?: string): Promise<{ bytes: number }> {
  const source = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(source)) throw new MaintenanceError(`There is no club database at ${source}.`);
  const destination = path.resolve(target);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const partial = `${destination}.partial-${process.pid}`;
  // Owner-only from its first byte, like the database it copies: SQLite fills the empty file it is given.
  fs.writeFileSync(partial, '', { mode: 0o600 });
  fs.chmodSync(partial, 0o600);
  const db = new Database(source, { readonly: true, fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
  try {
    // All pages in one step: one read transaction, so writers carry on (WAL) and the copy never restarts
    // because another connection wrote between steps (as a stepwise copy would, again and again on a busy
    // club). The step holds up only the thread it runs in: a worker's, beside a running club.
    await db.backup(partial, { progress: () => 0x7fffffff });
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  // One self-contained file: the copy inherits WAL mode, so fold its log in and drop the side files.
  const copy = new Database(partial, nativeBinding ? { nativeBinding } : {});
  copy.pragma('journal_mode = DELETE');
  copy.close();
  for (const suffix of ['-wal', '-shm']) fs.rmSync(partial + suffix, { force: true });
  try {
    checkClubDatabase(partial, nativeBinding);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  fs.renameSync(partial, destination);
  return { bytes: fs.statSync(destination).size };
}
