import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { DataSource } from 'typeorm';
import { DATABASE_FILE } from './database-file-name';
import { migrations } from './migrations';

export { DATABASE_FILE };

/**
 * SQLite's page cache for the club's connection, in KiB. better-sqlite3 is built with 16 MB, all of it
 * resident once a big club has been read through (a 1,000-member club's database is 50-150 MB); the
 * answers members read most are cached whole above it (server/http/answer-cache.ts), and a page SQLite no
 * longer holds is read again from the system's file cache in microseconds. 4 MB holds the indexes and hot
 * pages of the reads and writes a club makes most.
 */
const CLUB_CACHE_KIB = 4096;

/** The club's SQLite database in the data folder: WAL (readers never wait for the writer), foreign keys on. */
function makeDataSource(file: string, nativeBinding?: string): DataSource {
  return new DataSource({
    type: 'better-sqlite3',
    database: file,
    migrations,
    migrationsTransactionMode: 'each',
    enableWAL: true,
    ...(nativeBinding ? { nativeBinding } : {}),
    prepareDatabase(db: { pragma(sql: string): unknown }) {
      db.pragma('busy_timeout = 5000');
      db.pragma('synchronous = NORMAL');
      db.pragma(`cache_size = -${CLUB_CACHE_KIB}`);
    },
    synchronize: false,
    logging: false,
  });
}

/** Opens the database and brings its schema up to date before anything else touches it. */
export async function openDatabase(dataDir: string, nativeBinding?: string): Promise<DataSource> {
  const db = makeDataSource(path.join(dataDir, DATABASE_FILE), nativeBinding);
  await db.initialize();
  try {
    await db.runMigrations();
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/**
 * The underlying better-sqlite3 handle. Its calls are synchronous, so a `transaction(fn)` on it runs with
 * nothing else interleaved: the tool for check-then-write rules that must hold under concurrent requests.
 */
export function sqliteOf(db: DataSource): BetterSqlite3.Database {
  return (db.driver as unknown as { databaseConnection: BetterSqlite3.Database }).databaseConnection;
}
