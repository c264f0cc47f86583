import { beforeAll, describe, expect, it } from 'vitest';
import { bookTable } from '../features/books/book.entity';
import { roundTable } from '../features/rounds/round.entity';
import { useScratchDatabase } from '../test-support/scratch-database';
import { clubTables } from '../club/club-tables';
import { column, countRows, defineTable, deleteRows, findRow, findRows, findRowsIn, insertRow, insertRows, updateRows, upsertRow } from './table';

const scratch = useScratchDatabase('table', []);
beforeAll(() => {
  scratch.sql.exec(`CREATE TABLE "lamp" ("id" integer PRIMARY KEY AUTOINCREMENT, "isOn" boolean NOT NULL DEFAULT (0), "room" varchar(20))`);
});

const lamps = defineTable('lamp', {
  id: column.generatedId(),
  isOn: column.boolean(),
  room: column.varchar(20).nullable(),
});
const rounds = roundTable;

describe("a table's declaration", () => {
  // Statements spell columns only as row keys, which the compiler checks against the declaration; this is
  // the other half: each declaration is exactly its migrated table, column by column.
  it.each(clubTables.map((table) => [table.tableName, table] as const))('is the migrated table "%s"', (name, table) => {
    const migrated = scratch.sql.prepare(`SELECT "name", "notnull", "pk" FROM pragma_table_info(?)`).all(name) as {
      name: string;
      notnull: number;
      pk: number;
    }[];
    expect(migrated.length).toBeGreaterThan(0);
    const declared = Object.entries(table.declaration).map(([property, column]) => ({
      name: property,
      nullable: column.isNullable,
      primary: column.isPrimary,
    }));
    const actual = migrated.map((c) => ({ name: c.name, nullable: !c.notnull && c.pk === 0, primary: c.pk > 0 }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(declared.sort(byName)).toEqual(actual.sort(byName));
  });

  it('is the only declaration of its table', () => {
    expect(new Set(clubTables.map((table) => table.tableName)).size).toBe(clubTables.length);
    const migrated = (
      scratch.sql
        .prepare(`SELECT "name" FROM pragma_table_list WHERE "schema" = 'main' AND "type" = 'table' AND "name" NOT LIKE 'sqlite%' AND "name" <> 'migrations'`)
        .all() as { name: string }[]
    ).map((row) => row.name);
    expect(clubTables.map((table) => table.tableName).sort()).toEqual(migrated.filter((name) => name !== 'lamp').sort());
  });
});

describe('typed statements', () => {
  it('refuse a property the entity has no column for, before any SQL runs', () => {
    const before = scratch.sql.prepare(`SELECT COUNT(*) AS n FROM "round"`).get() as { n: number };
    const misspelled = { titel: 'Autumn', topic: 'Books', createdOn: '2024-01-01T00:00:00.000Z' };
    expect(() => insertRow(scratch.sql, rounds, misspelled as never)).toThrow('"round" has no column for "titel"');
    expect(() => updateRows(scratch.sql, rounds, { id: 1 }, { bookPollID: 3 } as never)).toThrow('has no column for "bookPollID"');
    expect(() => findRows(scratch.sql, rounds, { id: 1 }, { orderBy: 'createdon' as never })).toThrow('has no column for "createdon"');
    expect(scratch.sql.prepare(`SELECT COUNT(*) AS n FROM "round"`).get()).toEqual(before);
  });

  it('do not compile with a misspelled column', () => {
    // Each line fails `npm run typecheck` if the compiler stops checking row keys; at run time they throw.
    // @ts-expect-error "titel" is not a property of RoundRow
    expect(() => insertRow(scratch.sql, rounds, { titel: 'Autumn' })).toThrow();
    // @ts-expect-error "isOpen" is not a property of LampRow
    expect(() => updateRows(scratch.sql, lamps, { id: 1 }, { isOpen: true })).toThrow();
    // @ts-expect-error "is_on" is not a property of LampRow
    expect(() => findRow(scratch.sql, lamps, { is_on: 1 })).toThrow();
  });

  it('write properties to their columns, booleans as 0/1, and read them back as the row', () => {
    const id = insertRow(scratch.sql, lamps, { isOn: true, room: 'hall' });
    expect(scratch.sql.prepare(`SELECT * FROM "lamp" WHERE "id" = ?`).get(id)).toEqual({ id, isOn: 1, room: 'hall' });
    expect(findRow(scratch.sql, lamps, { id })).toEqual({ id, isOn: true, room: 'hall' });
    expect(findRow(scratch.sql, lamps, { id: id + 1000 })).toBeUndefined();
  });

  it('leave an undefined property to its default, and write null', () => {
    const id = insertRow(scratch.sql, lamps, { isOn: undefined, room: null });
    expect(findRow(scratch.sql, lamps, { id })).toEqual({ id, isOn: false, room: null });
    expect(updateRows(scratch.sql, lamps, { id }, { isOn: true, room: undefined })).toBe(1);
    expect(findRow(scratch.sql, lamps, { id })).toEqual({ id, isOn: true, room: null });
  });

  it('refuse a condition that would match every row or none', () => {
    expect(() => updateRows(scratch.sql, lamps, {}, { isOn: false })).toThrow('needs a value');
    expect(() => updateRows(scratch.sql, lamps, { id: undefined }, { isOn: false })).toThrow('needs a value');
    expect(() => updateRows(scratch.sql, lamps, { id: 1 }, {})).toThrow('needs a column to set');
  });

  it('update, find and delete by every given column', () => {
    insertRows(scratch.sql, lamps, [
      { isOn: false, room: 'attic' },
      { isOn: true, room: 'attic' },
      { isOn: false, room: 'attic' },
    ]);
    expect(updateRows(scratch.sql, lamps, { room: 'attic', isOn: false }, { isOn: true })).toBe(2);
    const attic = findRows(scratch.sql, lamps, { room: 'attic' }, { select: ['id', 'isOn'], orderBy: 'id' });
    expect(attic.map((lamp) => Object.keys(lamp).sort())).toEqual([
      ['id', 'isOn'],
      ['id', 'isOn'],
      ['id', 'isOn'],
    ]);
    expect(attic.map((lamp) => lamp.isOn)).toEqual([true, true, true]);
    expect(attic.map((lamp) => lamp.id)).toEqual([...attic.map((lamp) => lamp.id)].sort((a, b) => a - b));
    expect(deleteRows(scratch.sql, lamps, { room: 'attic' })).toBe(3);
    expect(findRows(scratch.sql, lamps, { room: 'attic' })).toEqual([]);
  });

  it('match a null value with IS NULL, never with = NULL (which matches nothing)', () => {
    const dark = insertRow(scratch.sql, lamps, { isOn: false, room: null });
    expect(findRows(scratch.sql, lamps, { room: null }).map((lamp) => lamp.id)).toContain(dark);
    expect(countRows(scratch.sql, lamps, { room: null, isOn: false })).toBeGreaterThan(0);
    expect(updateRows(scratch.sql, lamps, { id: dark, room: null }, { room: 'hall' })).toBe(1);
    const unplaced = countRows(scratch.sql, lamps, { room: null });
    expect(deleteRows(scratch.sql, lamps, { room: null })).toBe(unplaced);
    expect(countRows(scratch.sql, lamps, { room: null })).toBe(0);
    expect(findRow(scratch.sql, lamps, { id: dark })).toEqual({ id: dark, isOn: false, room: 'hall' });
  });

  it('insert rows together only when they give the same columns', () => {
    expect(() => insertRows(scratch.sql, lamps, [{ room: 'a' }, { room: 'b', isOn: true }])).toThrow('must give the same columns');
  });

  it('upsert: a conflicting row sets only the named columns', () => {
    const id = insertRow(scratch.sql, lamps, { isOn: false, room: 'study' });
    upsertRow(scratch.sql, lamps, { id, isOn: true, room: 'cellar' }, ['id'], ['isOn']);
    expect(findRow(scratch.sql, lamps, { id })).toEqual({ id, isOn: true, room: 'study' });
  });

  it('read in order, at most a limit, by a list of values, and count', () => {
    insertRows(scratch.sql, lamps, [
      { isOn: false, room: 'porch' },
      { isOn: true, room: 'porch' },
      { isOn: true, room: 'shed' },
    ]);
    const porch = findRows(scratch.sql, lamps, { room: 'porch' }, { orderBy: [['id', 'DESC']], limit: 1 });
    expect(porch).toHaveLength(1);
    expect(porch[0]!.isOn).toBe(true);
    const outside = findRowsIn(scratch.sql, lamps, 'room', ['porch', 'shed'], { select: ['room'], orderBy: [['room', 'DESC']] });
    expect(outside.map((lamp) => lamp.room)).toEqual(['shed', 'porch', 'porch']);
    expect(findRowsIn(scratch.sql, lamps, 'room', [])).toEqual([]);
    expect(countRows(scratch.sql, lamps, { room: 'porch' })).toBe(2);
    expect(countRows(scratch.sql, lamps, 'all')).toBe(findRows(scratch.sql, lamps, 'all').length);
    expect(() => countRows(scratch.sql, lamps, {})).toThrow('needs a value');
  });

  it('quote identifiers that are SQL keywords', () => {
    expect(bookTable.column('order')).toBe('"order"');
  });
});
