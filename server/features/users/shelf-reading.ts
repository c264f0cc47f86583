import type BetterSqlite3 from 'better-sqlite3';
import { deleteRows, findRows, insertRow, updateRows } from '../../db/table';
import { currentlyReadingTable } from './currently-reading.entity';

/** A book on a member's linked currently-reading shelf, as their reading list shows it. */
export interface ShelfReading {
  shelfEntryId: number;
  title: string;
  author: string | null;
  site: 'Goodreads' | 'Storygraph';
}

/**
 * Makes the member's shelf-fed currently-reading entries exactly `books` (the shelves feature calls it in its
 * own transaction after each reading, and with none on unlink): entries of books still there keep their id
 * (and place in the list), new ones come after, gone ones go. Entries the member typed are never touched.
 */
export function setShelfReading(sql: BetterSqlite3.Database, ownerId: string, books: ShelfReading[], now: Date): void {
  const existing = new Map(
    findRows(sql, currentlyReadingTable, { ownerId }).flatMap((row) => (row.shelfEntryId === null ? [] : [[row.shelfEntryId, row] as const])),
  );
  const wanted = new Set(books.map((book) => book.shelfEntryId));
  for (const [shelfEntryId, row] of existing) if (!wanted.has(shelfEntryId)) deleteRows(sql, currentlyReadingTable, { id: row.id });
  for (const book of books) {
    const row = existing.get(book.shelfEntryId);
    if (!row) {
      insertRow(sql, currentlyReadingTable, {
        ownerId,
        title: book.title,
        author: book.author,
        createdOn: now.toISOString(),
        shelfEntryId: book.shelfEntryId,
        fromShelf: book.site,
      });
    } else if (row.title !== book.title || row.author !== book.author || row.fromShelf !== book.site) {
      updateRows(sql, currentlyReadingTable, { id: row.id }, { title: book.title, author: book.author, fromShelf: book.site });
    }
  }
}
