import { column, defineTable, type RowOf } from '../../db/table';

export const currentlyReadingTable = defineTable('currently_reading', {
  id: column.generatedId(),
  ownerId: column.varchar(36),
  title: column.varchar(300),
  author: column.varchar(300).nullable(),
  createdOn: column.varchar(30),
  /** The linked shelf's book this entry shows (the shelves feature keeps it), or null: typed by the member. */
  shelfEntryId: column.integer().nullable(),
  fromShelf: column.varchar<'Goodreads' | 'Storygraph'>(12).nullable(),
});
export type CurrentlyReadingRow = RowOf<typeof currentlyReadingTable>;
