import { column, defineTable, type RowOf } from '../../db/table';

/** A part of a book's reading schedule: its place among the book's parts, its last page and its due moment. */
export const readingPartTable = defineTable('reading_part', {
  id: column.generatedId(),
  bookId: column.integer(),
  /** 0 for the first part, in reading order. */
  position: column.integer(),
  title: column.varchar(200),
  toPage: column.integer(),
  dueOn: column.varchar(30),
  /** When the day before its due day was announced (partDue), or null while it was not. */
  dueNoticeOn: column.varchar(30).nullable(),
  createdOn: column.varchar(30),
  modifiedOn: column.varchar(30),
  /** One more with every change to its comments (live events carry it). */
  version: column.integer(),
});
export type ReadingPartRow = RowOf<typeof readingPartTable>;

/** A comment on a part: markdown, and its HTML rendered when written (as posts). */
export const partCommentTable = defineTable('reading_part_comment', {
  id: column.generatedId(),
  partId: column.integer(),
  ownerId: column.varchar(36),
  text: column.text(),
  renderedText: column.text(),
  createdOn: column.varchar(30),
  editedOn: column.varchar(30).nullable(),
});
export type PartCommentRow = RowOf<typeof partCommentTable>;

/**
 * A member for whom a part is open: reached (their progress passed it, once) or revealed ("show anyway").
 * Either stays: a later lower page or an edited page count does not seal the part again.
 */
export const partReaderTable = defineTable('reading_part_reader', {
  partId: column.integer().primary(),
  userId: column.varchar(36).primary(),
  reachedOn: column.varchar(30).nullable(),
  revealedOn: column.varchar(30).nullable(),
});
export type PartReaderRow = RowOf<typeof partReaderTable>;
