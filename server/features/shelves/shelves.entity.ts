import type { ShelfName, ShelfSite } from '../../../shared/api/shelves';
import { column, defineTable, type RowOf } from '../../db/table';

/** A member's linked Goodreads or StoryGraph profile; `nextSyncOn` is when the schedule reads it next (null: only when asked). */
export const shelfLinkTable = defineTable('shelf_link', {
  userId: column.varchar(36).primary(),
  site: column.varchar<ShelfSite>(12),
  externalUserId: column.varchar(100),
  profileUrl: column.varchar(500),
  linkedOn: column.varchar(30),
  nextSyncOn: column.varchar(30).nullable(),
  lastSyncedOn: column.varchar(30).nullable(),
  lastTriedOn: column.varchar(30).nullable(),
  /** A `shelfSync:` catalogue key: why the last reading changed nothing. */
  lastError: column.varchar(100).nullable(),
  /** Readings that failed one after another (the pause before the next grows with them). */
  failures: column.integer(),
});
export type ShelfLinkRow = RowOf<typeof shelfLinkTable>;

/** A book on a member's shelf as the club last read it; `position` is the site's order (0: newest). */
export const shelfEntryTable = defineTable('shelf_entry', {
  id: column.generatedId(),
  ownerId: column.varchar(36),
  shelf: column.varchar<ShelfName>(20),
  site: column.varchar<ShelfSite>(12),
  externalBookId: column.varchar(100),
  position: column.integer(),
  title: column.varchar(300),
  author: column.varchar(300).nullable(),
  series: column.varchar(300).nullable(),
  url: column.varchar(1000).nullable(),
  imageUrl: column.varchar(1000).nullable(),
  rating: column.integer().nullable(),
  pageCount: column.integer().nullable(),
  readOn: column.varchar(30).nullable(),
  addedOn: column.varchar(30).nullable(),
  createdOn: column.varchar(30),
});
export type ShelfEntryRow = RowOf<typeof shelfEntryTable>;
