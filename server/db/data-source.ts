import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { DataSource } from 'typeorm';
import { DATABASE_FILE } from './database-file-name';
import { migrations } from './migrations';

export { DATABASE_FILE };

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
