import type BetterSqlite3 from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { sqliteOf } from './data-source';

/**
 * Runs `work` as one SQLite transaction on the raw better-sqlite3 handle. Its statements are synchronous,
 * so nothing else in this process interleaves: a rule checked inside holds when the write lands, however
 * many requests race (votes, closing polls). BEGIN IMMEDIATE also takes the write lock up front, so another
 * process on the same file waits rather than failing mid-way.
 *
 * Multi-statement writes go through here, never through TypeORM's async transactions, which would let
 * other requests' statements run between theirs on the one shared connection.
 */
export function writeTransaction<T>(db: DataSource, work: (sql: BetterSqlite3.Database) => T): T {
  const sql = sqliteOf(db);
  return sql.transaction(() => work(sql)).immediate();
}
