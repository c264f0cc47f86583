import type BetterSqlite3 from 'better-sqlite3';
import type { ShelfName, ShelfSite } from '../../../shared/api/shelves';
import { deleteRows, findRows, insertRow, updateRows } from '../../db/table';
import { setShelfReading } from '../users';
import type { ShelfBook } from './shelf-book';
import { shelfEntryTable, shelfLinkTable } from './shelves.entity';

/**
 * A Goodreads feed holds the newest 100 books of a shelf: one that comes with fewer is the whole shelf. A
 * StoryGraph page is one page of a longer list. Only a whole shelf takes books away from the read shelf;
 * from a part of one, older books the club read earlier stay (after the newer ones).
 */
export const GOODREADS_FEED_PAGE = 100;

/** Whether a shelf as read is the whole shelf: books missing from it are gone from the shelf. */
export function isWholeShelf(site: ShelfSite, shelf: ShelfName, books: readonly ShelfBook[]): boolean {
  if (shelf === 'currently-reading') return true;
  return site === 'Goodreads' && books.length < GOODREADS_FEED_PAGE;
}

/**
 * Makes one shelf of a member what the site shows, in the site's order: books still there keep their id and
 * are brought up to date, new ones are added, and (for a whole shelf) missing ones go. Runs inside the
 * caller's transaction.
 */
export function writeShelf(sql: BetterSqlite3.Database, ownerId: string, site: ShelfSite, shelf: ShelfName, books: readonly ShelfBook[], now: Date): void {
  const existing = new Map(findRows(sql, shelfEntryTable, { ownerId, shelf }, { orderBy: 'position' }).map((row) => [row.externalBookId, row]));
  const whole = isWholeShelf(site, shelf, books);
  let kept = books.length;
  for (const [externalBookId, row] of existing) {
    if (books.some((book) => book.externalBookId === externalBookId)) continue;
    if (whole) deleteRows(sql, shelfEntryTable, { id: row.id });
    else updateRows(sql, shelfEntryTable, { id: row.id }, { position: kept++ });
  }
  books.forEach((book, position) => {
    const fields = { ...book, site, position };
    const row = existing.get(book.externalBookId);
    if (row) updateRows(sql, shelfEntryTable, { id: row.id }, fields);
    else insertRow(sql, shelfEntryTable, { ...fields, ownerId, shelf, createdOn: now.toISOString() });
  });
}

/** The member's currently-reading shelf feeds their reading list (beside what they typed). */
export function mirrorCurrentlyReading(sql: BetterSqlite3.Database, ownerId: string, now: Date): void {
  const books = findRows(sql, shelfEntryTable, { ownerId, shelf: 'currently-reading' }, { orderBy: 'position' });
  setShelfReading(
    sql,
    ownerId,
    books.map((row) => ({ shelfEntryId: row.id, title: row.title, author: row.author, site: row.site })),
    now,
  );
}

/** The link and everything read from it go: the books, and the reading entries they fed. */
export function removeShelves(sql: BetterSqlite3.Database, ownerId: string, now: Date): void {
  setShelfReading(sql, ownerId, [], now);
  deleteRows(sql, shelfEntryTable, { ownerId });
  deleteRows(sql, shelfLinkTable, { userId: ownerId });
}
