import type { DataSource } from 'typeorm';
import type { BookProgress, ProgressEntry, ProgressUpdate } from '../../../shared/api/progress';
import { furthestFirst, reachesPage } from '../../../shared/reading-progress';
import type { Clock } from '../../clock';
import { sqliteOf } from '../../db/data-source';
import { findRow, findRows, upsertRow } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { userNames, type User } from '../accounts';
import type { BooksService } from '../books';
import { readingProgressTable, type ReadingProgressRow } from './progress.entity';

/**
 * Where members are in a book. Any of the club's books takes progress (members may still be finishing an
 * earlier one). A member's own entry is theirs alone until they share it: nothing else in the API reads
 * these rows, and this service shows another member's entry only when it is shared.
 */
export class ProgressService {
  private recorded: (user: User, bookId: number) => void = () => {};

  constructor(
    private readonly db: DataSource,
    private readonly books: BooksService,
    private readonly clock: Clock,
  ) {}

  /** Told after every change of a member's progress (the reading plan opens the parts it passes). */
  whenRecorded(listener: (user: User, bookId: number) => void): void {
    this.recorded = listener;
  }

  /** The caller's own entry (shared or not) and the shared entries, furthest first. */
  async forBook(user: User, bookId: number): Promise<BookProgress> {
    const book = await this.books.get(bookId);
    const rows = findRows(sqliteOf(this.db), readingProgressTable, { bookId }).filter((row) => row.shared || row.userId === user.id);
    const names = await userNames(
      this.db,
      rows.map((row) => row.userId),
    );
    const entries = rows.map((row) => toEntry(row, names.get(row.userId) ?? ''));
    return {
      mine: entries.find((entry) => entry.userId === user.id) ?? null,
      shared: entries.filter((entry) => entry.shared).sort(furthestFirst(book.post.pageCount)),
    };
  }

  /** Replaces the caller's entry: exactly one of page, percent or finished says where they are. */
  async record(user: User, bookId: number, update: ProgressUpdate): Promise<BookProgress> {
    await this.books.get(bookId);
    upsertRow(
      sqliteOf(this.db),
      readingProgressTable,
      {
        bookId,
        userId: user.id,
        page: update.page ?? null,
        percent: update.percent ?? null,
        finished: update.finished === true,
        shared: update.shared,
        updatedOn: this.clock.now().toISOString(),
      },
      ['bookId', 'userId'],
      ['page', 'percent', 'finished', 'shared', 'updatedOn'],
    );
    this.recorded(user, bookId);
    return this.forBook(user, bookId);
  }

  /**
   * "I've read this far": the caller's progress moves to `page` unless it is there or further already (a
   * percentage counts as its share of the page count, shared/reading-progress.ts); it never moves back, and
   * whether it is shared stays as it was.
   */
  async advanceTo(user: User, bookId: number, page: number): Promise<void> {
    const { pageCount } = (await this.books.get(bookId)).post;
    const moved = writeTransaction(this.db, (sql) => {
      const now = findRow(sql, readingProgressTable, { bookId, userId: user.id });
      if (now && reachesPage(now, page, pageCount)) return false;
      const updatedOn = this.clock.now().toISOString();
      const row = { bookId, userId: user.id, page, percent: null, finished: false, shared: !!now?.shared, updatedOn };
      upsertRow(sql, readingProgressTable, row, ['bookId', 'userId'], ['page', 'percent', 'finished', 'updatedOn']);
      return true;
    });
    if (moved) this.recorded(user, bookId);
  }
}

function toEntry(row: ReadingProgressRow, name: string): ProgressEntry {
  return {
    userId: row.userId,
    name,
    page: row.page,
    percent: row.percent,
    finished: !!row.finished,
    shared: !!row.shared,
    updatedOn: row.updatedOn,
  };
}
