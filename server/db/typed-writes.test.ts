import { EntitySchema } from 'typeorm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BookEntity } from '../features/books/book.entity';
import { RoundEntity } from '../features/rounds/round.entity';
import { useScratchDatabase } from '../test-support/scratch-database';
import { entities } from './entities';
import { deleteRows, findRow, findRows, insertRow, insertRows, tableOf, updateRows, upsertRow } from './typed-writes';

const scratch = useScratchDatabase('typed-writes', []);
beforeAll(() => {
  // A table whose columns are named apart from their properties, as an entity's `name` option allows.
  scratch.sql.exec(`CREATE TABLE "lamp" ("lamp_id" integer PRIMARY KEY AUTOINCREMENT, "is_on" boolean NOT NULL DEFAULT (0), "room" varchar(20))`);
});

interface LampRow {
  id: number;
  isOn: boolean;
  room: string | null;
}
const lamps = tableOf(
  new EntitySchema<LampRow>({
    name: 'Lamp',
    tableName: 'lamp',
    columns: {
      id: { name: 'lamp_id', type: 'integer', primary: true, generated: 'increment' },
      isOn: { name: 'is_on', type: 'boolean' },
      room: { type: 'varchar', length: 20, nullable: true },
    },
  }),
);
const rounds = tableOf(RoundEntity);

describe("an entity's columns", () => {
  // Writers spell columns only as row keys, which the compiler checks against the entity's row type;
  // this is the other half: the entity names exactly the columns its migrated table has.
  it.each(entities.map((entity) => [entity.options.tableName!, entity] as const))('are the migrated columns of "%s"', (table, entity) => {
    const migrated = (scratch.sql.prepare(`SELECT "name" FROM pragma_table_info(?)`).all(table) as { name: string }[]).map((c) => c.name);
    const mapped = Object.entries(entity.options.columns).map(([property, options]) => options?.name ?? property);
    expect(migrated.length).toBeGreaterThan(0);
    expect(mapped.sort()).toEqual(migrated.sort());
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
    // @ts-expect-error "lamp_id" is the column, not the property
    expect(() => findRow(scratch.sql, lamps, { lamp_id: 1 })).toThrow();
  });

  it('write properties to their columns, booleans as 0/1, and read them back as the row', () => {
    const id = insertRow(scratch.sql, lamps, { isOn: true, room: 'hall' });
    expect(scratch.sql.prepare(`SELECT * FROM "lamp" WHERE "lamp_id" = ?`).get(id)).toEqual({ lamp_id: id, is_on: 1, room: 'hall' });
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
    expect(() => deleteRows(scratch.sql, lamps, { room: null })).toThrow('needs a value');
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

  it('insert rows together only when they give the same columns', () => {
    expect(() => insertRows(scratch.sql, lamps, [{ room: 'a' }, { room: 'b', isOn: true }])).toThrow('must give the same columns');
  });

  it('upsert: a conflicting row sets only the named columns', () => {
    const id = insertRow(scratch.sql, lamps, { isOn: false, room: 'study' });
    upsertRow(scratch.sql, lamps, { id, isOn: true, room: 'cellar' }, ['id'], ['isOn']);
    expect(findRow(scratch.sql, lamps, { id })).toEqual({ id, isOn: true, room: 'study' });
  });

  it('quote identifiers that are SQL keywords', () => {
    expect(tableOf(BookEntity).column('order')).toBe('"order"');
  });
});
