import type { Post } from './discussions';

/** A book the club chose: a poll's winning post, numbered in the order the club read them. */
export interface Book {
  bookId: number;
  order: number;
  roundId: number;
  post: Post;
  createdOn: string;
}
