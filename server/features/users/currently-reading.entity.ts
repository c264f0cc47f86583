import { column, defineTable, type RowOf } from '../../db/table';

export const currentlyReadingTable = defineTable('currently_reading', {
  id: column.generatedId(),
  ownerId: column.varchar(36),
  title: column.varchar(300),
  author: column.varchar(300).nullable(),
  createdOn: column.varchar(30),
});
export type CurrentlyReadingRow = RowOf<typeof currentlyReadingTable>;
