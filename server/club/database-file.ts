import Database from 'better-sqlite3';

/**
 * SQLite's page cache, in KiB, for a connection that goes through a club file once (a snapshot, an integrity
 * check, a count): better-sqlite3 is built with 16 MB a connection, which one pass never reads twice and
 * which, beside a running club, would all be added to the server's memory for each connection a backup opens.
 */
export const ONE_PASS_CACHE_KIB = 256;

/**
 * Opens a club database file that is not the running club's own connection (a backup's snapshot, a staged
 * restore, a database to check or count), read-only unless asked, with the small one-pass cache.
 */
export function openDatabaseFile(file: string, options: { nativeBinding?: string; readonly?: boolean } = {}): Database.Database {
  const { nativeBinding, readonly = true } = options;
  const db = new Database(file, { readonly, fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
  db.pragma(`cache_size = -${ONE_PASS_CACHE_KIB}`);
  return db;
}
