import { column, defineTable, type RowOf } from '../../db/table';

export const postTable = defineTable('post', {
  id: column.generatedId(),
  discussionId: column.integer(),
  ownerId: column.varchar(36),
  title: column.varchar(300),
  author: column.varchar(300).nullable(),
  pageCount: column.integer().nullable(),
  /** The year it was first published (negative before the common era); added by 1732398000000-publication-year. */
  year: column.integer().nullable(),
  url: column.varchar(1000).nullable(),
  imageUrl: column.varchar(1000).nullable(),
  text: column.text().nullable(),
  /** The text as sanitized HTML, rendered when written. */
  renderedText: column.text().nullable(),
  parentPostId: column.integer().nullable(),
  parentRecommendationId: column.integer().nullable(),
  /** Its author marked it "contains spoilers" (the renderer folds it; shared/spoiler-fold.ts). */
  hasSpoilers: column.boolean(),
  createdOn: column.varchar(30),
  modifiedOn: column.varchar(30),
});
export type PostRow = RowOf<typeof postTable>;
