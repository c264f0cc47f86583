import { booksApi } from '../../../shared/api/books';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { BooksService } from './books.service';

const implement = routeImplementer<User>();

export function booksRoutes(books: BooksService) {
  return implement(booksApi, {
    list: { handler: () => books.list(), cached: 'for-everyone' },
    get: { handler: ({ params }) => books.get(params.bookId), cached: 'for-everyone' },
  });
}
