import type { z } from 'zod';
import type { DataSource } from 'typeorm';
import { reviewSchema, type Review } from '../../../shared/api/reviews';
import { sqliteOf } from '../../db/data-source';
import { countRows, findRow, findRows, findRowsIn, insertRow, updateRows } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import { NotFound } from '../../http/errors';
import type { Markdown } from '../../markdown';
import { displayName, userNames, userTable, type User } from '../accounts';
import { bookTable, type BooksService } from '../books';
import { noClubEvents, type ClubEvents } from '../newsletters';
import { reviewTable, type ReviewRow } from './review.entity';

export class ReviewsService {
  constructor(
    private readonly db: DataSource,
    private readonly books: BooksService,
    private readonly markdown: Markdown,
    private readonly events: ClubEvents = noClubEvents,
  ) {}

  async forBook(bookId: number): Promise<Review[]> {
    await this.books.get(bookId);
    return this.toReviews(findRows(sqliteOf(this.db), reviewTable, { bookId }, { orderBy: [['modifiedOn', 'DESC']] }));
  }

  async byUser(userId: string): Promise<Review[]> {
    const sql = sqliteOf(this.db);
    if (countRows(sql, userTable, { id: userId }) === 0) throw new NotFound('userNotFound');
    return this.toReviews(findRows(sql, reviewTable, { ownerId: userId }, { orderBy: [['modifiedOn', 'DESC']] }));
  }

  /**
   * One review per member per book: posting again replaces the first (keeping its id and creation date). The
   * spoiler mark is false on a first review that does not say, and kept as it was when one posted again does not.
   */
  async post(user: User, bookId: number, { rating, reviewText, reviewUrl, hasSpoilers }: z.output<typeof reviewSchema>): Promise<Review> {
    const book = await this.books.get(bookId);
    const now = new Date().toISOString();
    const isNew = writeTransaction(this.db, (sql) => {
      const existing = findRow(sql, reviewTable, { bookId, ownerId: user.id });
      if (existing) updateRows(sql, reviewTable, { id: existing.id }, { rating, reviewText, reviewUrl, hasSpoilers, modifiedOn: now });
      else
        insertRow(sql, reviewTable, {
          bookId,
          ownerId: user.id,
          rating,
          reviewText,
          reviewUrl,
          hasSpoilers: hasSpoilers ?? false,
          createdOn: now,
          modifiedOn: now,
        });
      return !existing;
    });
    if (isNew) this.events.publish({ kind: 'reviewAdded', bookId, title: book.post.title, owner: displayName(user), rating, actorId: user.id });
    const row = findRow(sqliteOf(this.db), reviewTable, { bookId, ownerId: user.id })!;
    return (await this.toReviews([row]))[0]!;
  }

  private async toReviews(rows: ReviewRow[]): Promise<Review[]> {
    if (rows.length === 0) return [];
    const names = await userNames(
      this.db,
      rows.map((row) => row.ownerId),
    );
    const bookRows = findRowsIn(sqliteOf(this.db), bookTable, 'id', [...new Set(rows.map((row) => row.bookId))]);
    const books = new Map((await this.books.toBooks(bookRows)).map((book) => [book.bookId, book]));
    return rows.map((row) => ({
      reviewId: row.id,
      book: books.get(row.bookId)!,
      bookId: row.bookId,
      ownerId: row.ownerId,
      ownerName: names.get(row.ownerId) ?? '',
      rating: row.rating,
      reviewText: row.reviewText,
      renderedReviewText: this.markdown.render(row.reviewText),
      reviewUrl: row.reviewUrl,
      hasSpoilers: !!row.hasSpoilers,
      createdOn: row.createdOn,
      modifiedOn: row.modifiedOn,
    }));
  }
}
