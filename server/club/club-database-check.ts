import type Database from 'better-sqlite3';
import { openDatabaseFile } from './database-file';
import { MaintenanceError } from './maintenance-error';

/** Refuses anything that is not an intact Bookclub database. */
export function checkClubDatabase(file: string, nativeBinding?: string): void {
  const problem = clubDatabaseProblem(file, nativeBinding);
  if (problem) throw new MaintenanceError(`${file} is not an intact Bookclub database: ${problem}.`);
}

/**
 * What is wrong with `file` as a Bookclub database, in a few words (null: nothing). Read-only: the file
 * must be self-contained (no write-ahead log of its own), as backups and staged restores are.
 */
export function clubDatabaseProblem(file: string, nativeBinding?: string): string | null {
  let db: Database.Database | undefined;
  try {
    db = openDatabaseFile(file, { nativeBinding });
    const integrity = db.pragma('integrity_check', { simple: true });
    // The check lists what it found, one problem a line; the first few say enough.
    if (integrity !== 'ok') return `its integrity check failed: ${String(integrity).split('\n').slice(0, 3).join('; ')}`;
    const tables = new Set((db.prepare(`SELECT "name" FROM "sqlite_master" WHERE "type" = 'table'`).all() as { name: string }[]).map((t) => t.name));
    if (!tables.has('user') || !tables.has('migrations')) return 'it is not a Bookclub database';
    return null;
  } catch (error) {
    return `it is not a readable SQLite database (${(error as Error).message})`;
  } finally {
    db?.close();
  }
}
