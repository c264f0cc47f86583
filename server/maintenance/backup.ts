import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../db/data-source';

export class MaintenanceError extends Error {}

/**
 * Copies the club's database to `target` with SQLite's online backup: consistent at one moment even while
 * the club is in use (the running server keeps writing; the copy holds every transaction committed before
 * that moment and none half-done). Written beside the target and renamed, so a failed backup leaves no
 * half file where the host expects one.
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
    // because another connection wrote between steps.
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
  checkClubDatabase(partial);
  fs.renameSync(partial, destination);
  return { bytes: fs.statSync(destination).size };
}

/** Refuses anything that is not an intact Bookclub database. */
export function checkClubDatabase(file: string, nativeBinding?: string): void {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new MaintenanceError(`${file} is damaged: ${String(integrity)}`);
    const tables = new Set((db.prepare(`SELECT "name" FROM "sqlite_master" WHERE "type" = 'table'`).all() as { name: string }[]).map((t) => t.name));
    if (!tables.has('user') || !tables.has('migrations')) throw new MaintenanceError(`${file} is not a Bookclub database.`);
  } catch (error) {
    if (error instanceof MaintenanceError) throw error;
    throw new MaintenanceError(`${file} is not a readable SQLite database (${(error as Error).message}).`);
  } finally {
    db?.close();
  }
}

/**
 * Replaces the club's database with a backup. Only with the server stopped (the caller checks); the
 * database it replaces is kept beside it, so a restore can itself be undone.
 */
export function restoreDatabase(dataDir: string, backupFile: string, nativeBinding?: string): { keptAs: string | null } {
  const source = path.resolve(backupFile);
  const live = path.join(path.resolve(dataDir), DATABASE_FILE);
  if (source === live) throw new MaintenanceError(`${source} is the club's own database; choose a backup file instead.`);
  checkClubDatabase(source, nativeBinding);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // The backup is copied in beside the live database first, so a failed copy (a full disk) leaves the club
  // as it was rather than without a database.
  const incoming = `${live}.restoring`;
  fs.copyFileSync(source, incoming);
  // The copy takes the backup's mode; the club's database is owner-only whatever the backup was.
  fs.chmodSync(incoming, 0o600);
  let keptAs: string | null = null;
  if (fs.existsSync(live)) {
    // Fold the write-ahead log in first, so the kept copy is whole on its own.
    const db = new Database(live, nativeBinding ? { nativeBinding } : {});
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    keptAs = path.join(dataDir, `${DATABASE_FILE}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    fs.renameSync(live, keptAs);
  }
  for (const suffix of ['-wal', '-shm']) fs.rmSync(live + suffix, { force: true });
  fs.renameSync(incoming, live);
  return { keptAs };
}
