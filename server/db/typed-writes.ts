import type BetterSqlite3 from 'better-sqlite3';
import type { EntitySchema } from 'typeorm';

type Sql = BetterSqlite3.Database;

/**
 * Statements on one entity's table for the synchronous work inside `writeTransaction`, which cannot use
 * TypeORM's async repositories. Column names are not spelled in SQL strings: a row's keys are checked by
 * the compiler against the entity's row type, mapped to columns through the entity's own metadata, and
 * refused at run time when the entity has no such column (a computed or cast key). The entity itself is
 * checked against the migrated schema by typed-writes.test.ts.
 */
export class Table<Row extends object> {
  /** The quoted table name. */
  readonly name: string;
  private readonly columns = new Map<string, { name: string; quoted: string; boolean: boolean }>();

  constructor(entity: EntitySchema<Row>) {
    const { tableName, name, columns } = entity.options;
    this.name = quote(tableName ?? name);
    for (const [property, options] of Object.entries(columns) as [string, { name?: string; type?: unknown } | undefined][]) {
      if (!options) continue;
      const column = options.name ?? property;
      this.columns.set(property, { name: column, quoted: quote(column), boolean: options.type === 'boolean' || options.type === Boolean });
    }
  }

  /** The quoted column of a property, for the rare statement the functions below do not write. */
  column(property: keyof Row & string): string {
    const column = this.columns.get(property);
    if (!column) throw new Error(`${this.name} has no column for "${property}"`);
    return column.quoted;
  }

  /** The row's defined values as quoted columns and bindable values; undefined means "not given". */
  assignments(row: Partial<Row>): { columns: string[]; values: unknown[] } {
    const columns: string[] = [];
    const values: unknown[] = [];
    for (const [property, value] of Object.entries(row)) {
      if (value === undefined) continue;
      columns.push(this.column(property as keyof Row & string));
      values.push(typeof value === 'boolean' ? (value ? 1 : 0) : value);
    }
    return { columns, values };
  }

  /** A row (or the selected part of it) as SQLite answers it, with boolean columns (stored 0/1) as booleans. */
  fromSql<K extends keyof Row & string>(raw: Record<string, unknown>, properties: readonly K[]): Pick<Row, K> {
    const row: Record<string, unknown> = {};
    for (const property of properties) {
      const column = this.columns.get(property)!;
      const value = raw[column.name];
      row[property] = column.boolean && value !== null && value !== undefined ? !!value : value;
    }
    return row as Pick<Row, K>;
  }

  /** Every property the entity maps to a column. */
  properties(): (keyof Row & string)[] {
    return [...this.columns.keys()] as (keyof Row & string)[];
  }

  /**
   * `"a" = ? AND "b" = ?` and its values. An empty condition, or one with an undefined or null value, is
   * refused: it would match every row, or none (`= NULL`), which no caller means.
   */
  where(where: Partial<Row>): { clause: string; values: unknown[] } {
    const given = Object.values(where).every((value) => value !== undefined && value !== null);
    const { columns, values } = this.assignments(where);
    if (!given || columns.length === 0) throw new Error(`a condition on ${this.name} needs a value for each of its columns`);
    return { clause: columns.map((column) => `${column} = ?`).join(' AND '), values };
  }
}

export function tableOf<Row extends object>(entity: EntitySchema<Row>): Table<Row> {
  return new Table(entity);
}

/** Inserts one row and answers its rowid (the generated id of an autoincrement key). */
export function insertRow<Row extends object>(sql: Sql, table: Table<Row>, row: NoInfer<Partial<Row>>): number {
  const { columns, values } = table.assignments(row);
  const statement = prepared(sql, insertInto(table.name, columns));
  return Number(statement.run(...values).lastInsertRowid);
}

/** Inserts rows that give the same columns, with one prepared statement. */
export function insertRows<Row extends object>(sql: Sql, table: Table<Row>, rows: NoInfer<Partial<Row>>[]): void {
  let statement: { text: string; run: BetterSqlite3.Statement } | undefined;
  for (const row of rows) {
    const { columns, values } = table.assignments(row);
    const text = insertInto(table.name, columns);
    if (statement && statement.text !== text) throw new Error(`rows inserted together into ${table.name} must give the same columns`);
    statement ??= { text, run: prepared(sql, text) };
    statement.run.run(...values);
  }
}

/**
 * Inserts a row, or when one with the same `conflict` columns exists, sets its `update` columns to the
 * new row's values (`ON CONFLICT (...) DO UPDATE SET "c" = excluded."c"`).
 */
export function upsertRow<Row extends object, K extends keyof Row & string>(
  sql: Sql,
  table: Table<Row>,
  row: NoInfer<Partial<Row>>,
  conflict: readonly K[],
  update: readonly K[],
): void {
  const { columns, values } = table.assignments(row);
  const target = conflict.map((property) => table.column(property)).join(', ');
  const set = update.map((property) => `${table.column(property)} = excluded.${table.column(property)}`).join(', ');
  prepared(sql, `${insertInto(table.name, columns)} ON CONFLICT (${target}) DO UPDATE SET ${set}`).run(...values);
}

/** Sets `set`'s defined columns on the rows matching `where`; answers how many rows changed. */
export function updateRows<Row extends object>(sql: Sql, table: Table<Row>, where: NoInfer<Partial<Row>>, set: NoInfer<Partial<Row>>): number {
  const { columns, values } = table.assignments(set);
  if (columns.length === 0) throw new Error(`an update of ${table.name} needs a column to set`);
  const condition = table.where(where);
  const statement = prepared(sql, `UPDATE ${table.name} SET ${columns.map((column) => `${column} = ?`).join(', ')} WHERE ${condition.clause}`);
  return statement.run(...values, ...condition.values).changes;
}

export function deleteRows<Row extends object>(sql: Sql, table: Table<Row>, where: NoInfer<Partial<Row>>): number {
  const condition = table.where(where);
  return prepared(sql, `DELETE FROM ${table.name} WHERE ${condition.clause}`).run(...condition.values).changes;
}

export function findRow<Row extends object>(sql: Sql, table: Table<Row>, where: NoInfer<Partial<Row>>): Row | undefined {
  const condition = table.where(where);
  const raw = prepared(sql, `SELECT * FROM ${table.name} WHERE ${condition.clause}`).get(...condition.values);
  return raw === undefined ? undefined : (table.fromSql(raw as Record<string, unknown>, table.properties()) as Row);
}

/**
 * The rows matching `where`: only the `select`ed columns when given, ascending by `orderBy` when given
 * (else in whatever order SQLite reads them).
 */
export function findRows<Row extends object, K extends keyof Row & string = keyof Row & string>(
  sql: Sql,
  table: Table<Row>,
  where: NoInfer<Partial<Row>>,
  options: { select?: readonly K[]; orderBy?: NoInfer<keyof Row & string> } = {},
): Pick<Row, K>[] {
  const condition = table.where(where);
  const properties = options.select ?? (table.properties() as K[]);
  const columns = options.select ? properties.map((property) => table.column(property)).join(', ') : '*';
  const order = options.orderBy ? ` ORDER BY ${table.column(options.orderBy)}` : '';
  const rows = prepared(sql, `SELECT ${columns} FROM ${table.name} WHERE ${condition.clause}${order}`).all(...condition.values);
  return rows.map((raw) => table.fromSql(raw as Record<string, unknown>, properties));
}

function insertInto(table: string, columns: string[]): string {
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
}

/**
 * Each statement is prepared once per connection and reused: the text depends only on the columns named,
 * never on values, so there are as few as the code has calls (and the hottest, the signed-in account, runs
 * on every request).
 */
const statements = new WeakMap<Sql, Map<string, BetterSqlite3.Statement>>();
function prepared(sql: Sql, text: string): BetterSqlite3.Statement {
  let ofConnection = statements.get(sql);
  if (!ofConnection) statements.set(sql, (ofConnection = new Map()));
  let statement = ofConnection.get(text);
  if (!statement) ofConnection.set(text, (statement = sql.prepare(text)));
  return statement;
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
