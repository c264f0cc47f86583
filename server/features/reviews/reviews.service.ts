import type { z } from 'zod';
import { In, type DataSource, type Repository } from 'typeorm';
import { reviewSchema, type Review } from '../../../shared/api/reviews';
import { writeTransaction } from '../../db/write-transaction';
import { NotFound } from '../../http/errors';
import type { Markdown } from '../../markdown';
import { displayName, UserEntity, userNames, type User } from '../accounts';
import { BookEntity, type BooksService } from '../books';
import { noClubEvents, type ClubEvents } from '../newsletters';
import { ReviewEntity, type ReviewRow } from './review.entity';

export class ReviewsService {
  private readonly reviews: Repository<ReviewRow>;

  constructor(
    private readonly db: DataSource,
    private readonly books: BooksService,
    private readonly markdown: Markdown,
    private readonly events: ClubEvents = noClubEvents,
  ) {
    this.reviews = db.getRepository(ReviewEntity);
  }

  async forBook(bookId: number): Promise<Review[]> {
    await this.books.get(bookId);
    return this.toReviews(await this.reviews.find({ where: { bookId }, order: { modifiedOn: 'DESC' } }));
  }

  async byUser(userId: string): Promise<Review[]> {
    if (!(await this.db.getRepository(UserEntity).existsBy({ id: userId }))) throw new NotFound('userNotFound');
    return this.toReviews(await this.reviews.find({ where: { ownerId: userId }, order: { modifiedOn: 'DESC' } }));
  }

  /**
   * One review per member per book: posting again replaces the first (keeping its id and creation date). The
   * spoiler mark is false on a first review that does not say, and kept as it was when one posted again does not.
   */
  async post(user: User, bookId: number, { rating, reviewText, reviewUrl, hasSpoilers }: z.output<typeof reviewSchema>): Promise<Review> {
    const book = await this.books.get(bookId);
    const now = new Date().toISOString();
    const isNew = writeTransaction(this.db, (sql) => {
      const existing = sql.prepare(`SELECT "id" FROM "review" WHERE "bookId" = ? AND "ownerId" = ?`).get(bookId, user.id);
      sql
        .prepare(
          `INSERT INTO "review" ("bookId", "ownerId", "rating", "reviewText", "reviewUrl", "hasSpoilers", "createdOn", "modifiedOn")
           VALUES (?, ?, ?, ?, ?, COALESCE(@mark, 0), ?, ?)
           ON CONFLICT ("bookId", "ownerId") DO UPDATE SET
             "rating" = excluded."rating", "reviewText" = excluded."reviewText", "reviewUrl" = excluded."reviewUrl",
             "hasSpoilers" = COALESCE(@mark, "hasSpoilers"), "modifiedOn" = excluded."modifiedOn"`,
        )
        .run(bookId, user.id, rating, reviewText, reviewUrl, now, now, { mark: hasSpoilers === undefined ? null : Number(hasSpoilers) });
      return !existing;
    });
    if (isNew) this.events.publish({ kind: 'reviewAdded', bookId, title: book.post.title, owner: displayName(user), rating, actorId: user.id });
    const row = (await this.reviews.findOneBy({ bookId, ownerId: user.id }))!;
    return (await this.toReviews([row]))[0]!;
  }

  private async toReviews(rows: ReviewRow[]): Promise<Review[]> {
    if (rows.length === 0) return [];
    const names = await userNames(
      this.db,
      rows.map((row) => row.ownerId),
    );
    const bookRows = await this.db.getRepository(BookEntity).findBy({ id: In([...new Set(rows.map((row) => row.bookId))]) });
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
