import { In, type DataSource, type Repository } from 'typeorm';
import type { Book } from '../../../shared/api/books';
import { NotFound } from '../../http/errors';
import { PostEntity, type DiscussionsService, type PostRow } from '../discussions';
import { BookEntity, type BookRow } from './book.entity';

export class BooksService {
  private readonly books: Repository<BookRow>;
  private readonly posts: Repository<PostRow>;

  constructor(
    db: DataSource,
    private readonly discussions: DiscussionsService,
  ) {
    this.books = db.getRepository(BookEntity);
    this.posts = db.getRepository(PostEntity);
  }

  /** Newest first: the first is the book the club reads now. */
  async list(): Promise<Book[]> {
    return this.toBooks(await this.books.find({ order: { order: 'DESC' } }));
  }

  async get(bookId: number): Promise<Book> {
    const row = await this.books.findOneBy({ id: bookId });
    if (!row) throw new NotFound('bookNotFound');
    return (await this.toBooks([row]))[0]!;
  }

  /** Books with their winning posts, in one query for the posts and one for their owners. */
  async toBooks(rows: BookRow[]): Promise<Book[]> {
    if (rows.length === 0) return [];
    const postRows = await this.posts.findBy({ id: In(rows.map((row) => row.postId)) });
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
