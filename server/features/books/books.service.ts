import type { DataSource } from 'typeorm';
import type { Book } from '../../../shared/api/books';
import { sqliteOf } from '../../db/data-source';
import { findRow, findRows, findRowsIn } from '../../db/table';
import { NotFound } from '../../http/errors';
import { postTable, type DiscussionsService } from '../discussions';
import { bookTable, type BookRow } from './book.entity';

export class BooksService {
  constructor(
    private readonly db: DataSource,
    private readonly discussions: DiscussionsService,
  ) {}

  /** Newest first: the first is the book the club reads now. */
  async list(): Promise<Book[]> {
    return this.toBooks(findRows(sqliteOf(this.db), bookTable, 'all', { orderBy: [['order', 'DESC']] }));
  }

  async get(bookId: number): Promise<Book> {
    const row = findRow(sqliteOf(this.db), bookTable, { id: bookId });
    if (!row) throw new NotFound('bookNotFound');
    return (await this.toBooks([row]))[0]!;
  }

  /** Books with their winning posts, in one query for the posts and one for their owners. */
  async toBooks(rows: BookRow[]): Promise<Book[]> {
    if (rows.length === 0) return [];
    const postRows = findRowsIn(
      sqliteOf(this.db),
      postTable,
      'id',
      rows.map((row) => row.postId),
    );
    const posts = new Map((await this.discussions.toPosts(postRows)).map((post) => [post.postId, post]));
    return rows.map((row) => ({
      bookId: row.id,
      order: row.order,
      roundId: row.roundId,
      post: posts.get(row.postId)!,
      createdOn: row.createdOn,
    }));
  }
}
