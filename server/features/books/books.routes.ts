import { booksApi } from '../../../shared/api/books';
import { handle } from '../../http/contract-routes';
import type { BooksService } from './books.service';

export function booksRoutes(books: BooksService) {
  return [
    handle(booksApi.list, () => books.list(), { cached: 'for-everyone' }),
    handle(booksApi.get, ({ params }) => books.get(params.bookId), { cached: 'for-everyone' }),
  ];
}
