import { column, defineTable, type RowOf } from '../../db/table';

export const bookTable = defineTable('book', {
  id: column.generatedId(),
  order: column.integer(),
  roundId: column.integer(),
  postId: column.integer(),
  createdOn: column.varchar(30),
});
export type BookRow = RowOf<typeof bookTable>;
