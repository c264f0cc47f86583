import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { DataSource } from 'typeorm';
import { DATABASE_FILE } from '../../db/data-source';
import { migrations } from '../../db/migrations';
import { openDatabaseFile } from '../database-file';

/** The migrations this Bookclub knows, in the order they run, by the names the migrations table records. */
export function knownMigrations(): string[] {
  return migrations.map((Migration) => new Migration().name ?? Migration.name);
}

interface SchemaObject {
  type: string;
  table: string;
  /** Its CREATE statement, spaces normalised; null for the indexes SQLite makes for a table's own constraints. */
  sql: string | null;
}

/** One CREATE statement however it was spaced: runs of white space as one, none beside brackets and commas. */
function normalisedSql(sql: string | null): string | null {
  if (sql === null) return null;
  return sql
    .replace(/\s+/g, ' ')
    .replace(/ ?([(),]) ?/g, '$1')
    .trim();
}

/** Every table, column (in its table's statement), index, trigger and view of a database, by name. */
function schemaOf(db: Database.Database): Map<string, SchemaObject> {
  const rows = db.prepare(`SELECT "type", "name", "tbl_name" AS "table", "sql" FROM "sqlite_master"`).all() as ({ name: string } & SchemaObject)[];
  return new Map(rows.map((row) => [row.name, { type: row.type, table: row.table, sql: normalisedSql(row.sql) }]));
}

/** Statistics ANALYZE (or PRAGMA optimize) may have gathered: SQLite's own, no code of the backup's. */
const SQLITE_STATISTICS = /^sqlite_stat\d$/;

/**
 * The schema the first `count` migrations make, from a fresh database migrated in a folder of its own:
 * what a restored database of that age must be, no more and no less.
 */
async function migratedSchema(count: number, nativeBinding?: string): Promise<Map<string, SchemaObject>> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-schema-'));
  try {
    const file = path.join(folder, DATABASE_FILE);
    const source = new DataSource({
      type: 'better-sqlite3',
      database: file,
      migrations: migrations.slice(0, count),
      migrationsTransactionMode: 'each',
      synchronize: false,
      logging: false,
      ...(nativeBinding ? { nativeBinding } : {}),
    });
    await source.initialize();
    try {
      await source.runMigrations();
    } finally {
      await source.destroy();
    }
    const db = openDatabaseFile(file, { nativeBinding });
    try {
      return schemaOf(db);
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * How a database's schema differs from the one its migrations make (null: it does not). A backup is data,
 * never code: a table missing would fail every request that reads it, and a trigger, view or index of the
 * backup's own would run inside the restored club (a trigger deleting the admin on the next post). FTS5's
 * shadow tables and sqlite_sequence are in both and compared the same way.
 */
export async function schemaDifference(db: Database.Database, applied: string[], nativeBinding?: string): Promise<string | null> {
  const known = knownMigrations();
  const count = applied.length;
  const expected = known.slice(0, count);
  if (new Set(applied).size !== count || expected.some((name) => !applied.includes(name))) {
    const missing = expected.find((name) => !applied.includes(name));
    return missing ? `migration ${missing} was never run` : 'a migration is recorded twice';
  }
  const reference = await migratedSchema(count, nativeBinding);
  const staged = schemaOf(db);
  for (const [name, object] of reference) {
    const found = staged.get(name);
    if (!found) return `${object.type} "${name}" is missing`;
    if (found.type !== object.type || found.table !== object.table || found.sql !== object.sql) return `${object.type} "${name}" is not as Bookclub makes it`;
  }
  for (const [name, object] of staged) {
    if (!reference.has(name) && !SQLITE_STATISTICS.test(name)) return `${object.type} "${name}" is not Bookclub's`;
  }
  return null;
}
