import type { Book } from '../../../shared/api/books';

/** Books as the list shows them: numbered by order, the one the club reads now (highest order) first. */
export function latestFirst(books: Book[]): Book[] {
  return [...books].sort((a, b) => b.order - a.order);
}
