import fs from 'node:fs';
import path from 'node:path';
import { DATABASE_FILE } from '../../db/database-file-name';
import { checkClubDatabase } from '../club-database-check';
import { openDatabaseFile } from '../database-file';
import { MaintenanceError } from '../maintenance-error';

/**
 * Copies the club's database alone to `target` (the snapshot a whole-club backup, write-archive.ts, is made
 * around) with SQLite's VACUUM INTO: consistent at one moment even while the club is in use (one read
 * transaction, so the running server keeps writing, WAL, and the copy holds every transaction committed
 * before that moment and none half-done, never restarted by a member's write). The copy is one
 * self-contained file with no write-ahead log, its free pages left out. Unlike the online backup API,
 * it goes through the club with one small page cache (database-file.ts), not the 16 MB each of a source and
 * a destination connection would take. Written beside the target and renamed, so a failed backup leaves no
 * half file where the host expects one. Synchronous for seconds on a large club: a running club calls this
 * in a worker thread (backUpClub, archive-in-worker.ts), never on its own.
 */
export async function backupDatabase(dataDir: string, target: string, nativeBinding?: string): Promise<{ bytes: number }> {
  const source = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(source)) throw new MaintenanceError(`There is no club database at ${source}.`);
  const destination = path.resolve(target);
  fs.mkdirSync(path.dirname(destination), { recursive: true });
  const partial = `${destination}.partial-${process.pid}`;
  // Owner-only from its first byte, like the database it copies: VACUUM INTO fills the empty file it is given.
  fs.writeFileSync(partial, '', { mode: 0o600 });
  fs.chmodSync(partial, 0o600);
  try {
    const db = openDatabaseFile(source, { nativeBinding });
    try {
      db.prepare('VACUUM INTO ?').run(partial);
    } finally {
      db.close();
    }
    checkClubDatabase(partial, nativeBinding);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  fs.renameSync(partial, destination);
  return { bytes: fs.statSync(destination).size };
}
