import { column, defineTable, type RowOf } from '../../db/table';

/** Where a member is in a book: one of page, percent or finished; seen by the club only when shared. */
export const readingProgressTable = defineTable('reading_progress', {
  bookId: column.integer().primary(),
  userId: column.varchar(36).primary(),
  page: column.integer().nullable(),
  percent: column.integer().nullable(),
  finished: column.boolean(),
  shared: column.boolean(),
  updatedOn: column.varchar(30),
});
export type ReadingProgressRow = RowOf<typeof readingProgressTable>;
