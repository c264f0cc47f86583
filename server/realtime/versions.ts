import type BetterSqlite3 from 'better-sqlite3';
import { statement, type Table } from '../db/table';

/**
 * One more change to the row `id` of a table whose rows count their changes (discussions, polls, meetings:
 * a `version` column); answers the new count, which the change's live event carries (shared/events.ts).
 * Called inside the write transaction that makes the change, so the count and the change commit together.
 */
export function nextVersion<Row extends { id: number; version: number }>(sql: BetterSqlite3.Database, table: Table<Row>, id: number): number {
  const version = table.column('version');
  const bumped = statement(sql, `UPDATE ${table.name} SET ${version} = ${version} + 1 WHERE ${table.column('id')} = ? RETURNING ${version}`)
    .pluck()
    .get(id) as number | undefined;
  if (bumped === undefined) throw new Error(`${table.name} has no row ${id} to count a change of`);
  return bumped;
}
