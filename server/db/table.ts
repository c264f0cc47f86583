import type BetterSqlite3 from 'better-sqlite3';

type Sql = BetterSqlite3.Database;

/**
 * One column of a table declaration. `T` is the value a row holds, so the row type is derived from the
 * declaration (RowOf) instead of being written a second time. The SQL facts are what the schema check
 * (table.test.ts) compares with the migrated table, and what the statements below need: the column's name
 * and whether it stores a boolean as 0/1.
 */
export interface Column<T> {
  readonly sqlType: 'integer' | 'varchar' | 'text' | 'boolean';
  readonly length?: number;
  readonly isNullable: boolean;
  readonly isPrimary: boolean;
  /** An integer key SQLite numbers (AUTOINCREMENT): insert without it, read the rowid back. */
  readonly isGenerated: boolean;
  /** Only carries T for the compiler. */
  readonly value?: T;
  /** The same column, also holding null. */
  nullable(): Column<T | null>;
  /** The same column as (part of) the primary key. */
  primary(): Column<T>;
}

function makeColumn<T>(facts: Omit<Column<T>, 'nullable' | 'primary'>): Column<T> {
  return {
    ...facts,
    nullable: () => makeColumn<T | null>({ ...facts, isNullable: true }),
    primary: () => makeColumn<T>({ ...facts, isPrimary: true }),
  };
}

const plain = { isNullable: false, isPrimary: false, isGenerated: false } as const;

/** The kinds of column a table is declared with; a narrower T (a union of strings) types the row more closely. */
export const column = {
  generatedId: (): Column<number> => makeColumn({ sqlType: 'integer', isNullable: false, isPrimary: true, isGenerated: true }),
  integer: <T extends number = number>(): Column<T> => makeColumn({ sqlType: 'integer', ...plain }),
  varchar: <T extends string = string>(length?: number): Column<T> => makeColumn({ sqlType: 'varchar', length, ...plain }),
  text: <T extends string = string>(): Column<T> => makeColumn({ sqlType: 'text', ...plain }),
  boolean: (): Column<boolean> => makeColumn({ sqlType: 'boolean', ...plain }),
};

type Columns = Record<string, Column<unknown>>;

/** The row a declaration describes: one property per column, of the column's value type. */
export type RowOf<T> = T extends Table<infer Row> ? Row : T extends Columns ? { -readonly [K in keyof T]: T[K] extends Column<infer V> ? V : never } : never;

/**
 * A table of the club's database, declared once by the feature that owns it, and the statements on it.
 * Column names are not spelled in SQL strings: a row's keys are checked by the compiler against the
 * declaration, and refused at run time when the table has no such column (a computed or cast key).
 */
export class Table<Row extends object> {
  /** The quoted table name. */
  readonly name: string;
  private readonly columnsByProperty = new Map<string, { quoted: string; column: Column<unknown> }>();

  constructor(
    /** The table's name as SQL spells it, unquoted. */
    readonly tableName: string,
    readonly declaration: Columns,
  ) {
    this.name = quote(tableName);
    for (const [property, column] of Object.entries(declaration)) this.columnsByProperty.set(property, { quoted: quote(property), column });
  }

  /** The quoted column of a property, for the statement (a join, an aggregate) the functions below do not write. */
  column(property: keyof Row & string): string {
    const found = this.columnsByProperty.get(property);
    if (!found) throw new Error(`${this.name} has no column for "${property}"`);
    return found.quoted;
  }

  /** `"t"."a"`: one property's column, qualified by the table, for a join; bound, so it can be handed around. */
  readonly qualified = (property: keyof Row & string): string => `${this.name}.${this.column(property)}`;

  /** `"t"."a", "t"."b"`: the named properties' columns, qualified by the table, for a SELECT list. */
  columns(properties: readonly (keyof Row & string)[] = this.properties()): string {
    return properties.map((property) => `${this.name}.${this.column(property)}`).join(', ');
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
  fromSql<K extends keyof Row & string>(raw: Record<string, unknown>, properties: readonly K[] = this.properties() as K[]): Pick<Row, K> {
    const row: Record<string, unknown> = {};
    for (const property of properties) {
      const { column } = this.columnsByProperty.get(property)!;
      const value = raw[property];
      row[property] = column.sqlType === 'boolean' && value !== null && value !== undefined ? !!value : value;
    }
    return row as Pick<Row, K>;
  }

  /** Every property the table has a column for, in declaration order. */
  properties(): (keyof Row & string)[] {
    return [...this.columnsByProperty.keys()] as (keyof Row & string)[];
  }

  /**
   * `"a" = ? AND "b" IS NULL` and its values: a null value matches the rows where the column is null. An
   * empty condition, or one with an undefined value, is refused: it would match every row, which no caller
   * means (a forgotten filter must not update or delete the whole table).
   */
  where(where: Partial<Row>): { clause: string; values: unknown[] } {
    const terms: string[] = [];
    const values: unknown[] = [];
    for (const [property, value] of Object.entries(where)) {
      if (value === undefined) throw new Error(`a condition on ${this.name} needs a value for each of its columns ("${property}" has none)`);
      const column = this.column(property as keyof Row & string);
      if (value === null) {
        terms.push(`${column} IS NULL`);
        continue;
      }
      terms.push(`${column} = ?`);
      values.push(typeof value === 'boolean' ? (value ? 1 : 0) : value);
    }
    if (terms.length === 0) throw new Error(`a condition on ${this.name} needs a value for each of its columns`);
    return { clause: terms.join(' AND '), values };
  }
}

/** Declares a table: its SQL name and its columns, whose property names are the column names. */
export function defineTable<const C extends Columns>(tableName: string, columns: C): Table<RowOf<C>> {
  return new Table<RowOf<C>>(tableName, columns);
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
  return raw === undefined ? undefined : (table.fromSql(raw as Record<string, unknown>) as Row);
}

/** How rows come back: ascending by `orderBy` (a property, or [property, 'DESC'] pairs), at most `limit`. */
export interface FindOptions<Row, K> {
  select?: readonly K[];
  orderBy?: (keyof Row & string) | readonly (readonly [keyof Row & string, 'ASC' | 'DESC'])[];
  limit?: number;
}

/**
 * The rows matching `where` (every row for `'all'`): only the `select`ed columns when given, in `orderBy`'s
 * order when given (else in whatever order SQLite reads them).
 */
export function findRows<Row extends object, K extends keyof Row & string = keyof Row & string>(
  sql: Sql,
  table: Table<Row>,
  where: NoInfer<Partial<Row>> | 'all',
  options: FindOptions<NoInfer<Row>, K> = {},
): Pick<Row, K>[] {
  const condition = where === 'all' ? { clause: '1', values: [] } : table.where(where);
  const properties = options.select ?? (table.properties() as K[]);
  const columns = options.select ? properties.map((property) => table.column(property)).join(', ') : '*';
  const order = orderClause(table, options.orderBy);
  const limit = options.limit !== undefined ? ` LIMIT ${Math.max(0, Math.floor(options.limit))}` : '';
  const rows = prepared(sql, `SELECT ${columns} FROM ${table.name} WHERE ${condition.clause}${order}${limit}`).all(...condition.values);
  return rows.map((raw) => table.fromSql(raw as Record<string, unknown>, properties));
}

/** The rows whose `property` is one of `values` (none for an empty list), with findRows' options. */
export function findRowsIn<Row extends object, P extends keyof Row & string, K extends keyof Row & string = keyof Row & string>(
  sql: Sql,
  table: Table<Row>,
  property: P,
  values: readonly NonNullable<Row[P]>[],
  options: FindOptions<NoInfer<Row>, K> = {},
): Pick<Row, K>[] {
  if (values.length === 0) return [];
  const properties = options.select ?? (table.properties() as K[]);
  const columns = options.select ? properties.map((p) => table.column(p)).join(', ') : '*';
  // One statement per list length would fill the statement cache; json_each takes any list as one value.
  const text = `SELECT ${columns} FROM ${table.name} WHERE ${table.column(property)} IN (SELECT "value" FROM json_each(?))${orderClause(table, options.orderBy)}`;
  const rows = prepared(sql, text).all(JSON.stringify(values));
  return rows.map((raw) => table.fromSql(raw as Record<string, unknown>, properties));
}

/** How many rows match `where` (every row for `'all'`). */
export function countRows<Row extends object>(sql: Sql, table: Table<Row>, where: NoInfer<Partial<Row>> | 'all'): number {
  const condition = where === 'all' ? { clause: '1', values: [] } : table.where(where);
  return (prepared(sql, `SELECT COUNT(*) AS "count" FROM ${table.name} WHERE ${condition.clause}`).get(...condition.values) as { count: number }).count;
}

/**
 * A statement the functions above do not write (a join, an aggregate, a search), prepared once per
 * connection like theirs. Spell its columns with `table.column`/`table.columns`, never by hand.
 */
export function statement(sql: Sql, text: string): BetterSqlite3.Statement {
  return prepared(sql, text);
}

function orderClause<Row extends object>(table: Table<Row>, orderBy: FindOptions<Row, never>['orderBy']): string {
  if (orderBy === undefined) return '';
  const terms = typeof orderBy === 'string' ? [[orderBy, 'ASC'] as const] : orderBy;
  if (terms.length === 0) return '';
  return ` ORDER BY ${terms.map(([property, direction]) => `${table.column(property)} ${direction === 'DESC' ? 'DESC' : 'ASC'}`).join(', ')}`;
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
