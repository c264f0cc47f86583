import type BetterSqlite3 from 'better-sqlite3';
import { insertRow, statement } from '../../db/table';
import { bookTable, type BookRow } from './book.entity';

type Sql = BetterSqlite3.Database;

/** The book table as the club's write transactions change it (synchronous, inside `writeTransaction`). */
const books = bookTable;

export type NewBook = Pick<BookRow, 'roundId' | 'postId' | 'createdOn'>;

/**
 * The club's next book, numbered one after the highest so far. Inside the write transaction nothing can
 * number a book in between; the unique indexes on "order" and "roundId" hold even if something did.
 */
export function createNextBook(sql: Sql, book: NewBook): { bookId: number; order: number } {
  const next = statement(sql, `SELECT COALESCE(MAX(${books.column('order')}), 0) + 1 FROM ${books.name}`)
    .pluck()
    .get() as BookRow['order'];
  const bookId = insertRow(sql, books, { order: next, roundId: book.roundId, postId: book.postId, createdOn: book.createdOn });
  return { bookId, order: next };
}
