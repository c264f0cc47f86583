import { column, defineTable, type RowOf } from '../../db/table';

export const reviewTable = defineTable('review', {
  id: column.generatedId(),
  bookId: column.integer(),
  ownerId: column.varchar(36),
  rating: column.integer().nullable(),
  reviewText: column.text(),
  reviewUrl: column.varchar(1000).nullable(),
  /** Its author marked it "contains spoilers" (the renderer folds it; shared/spoiler-fold.ts). */
  hasSpoilers: column.boolean(),
  createdOn: column.varchar(30),
  modifiedOn: column.varchar(30),
});
export type ReviewRow = RowOf<typeof reviewTable>;
