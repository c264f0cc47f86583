import { api } from '../../lib/api-client';

export const booksService = {
  /** Every book the club chose, the latest (highest order) first. */
  list: () => api.books.list(),
  get: (bookId: number) => api.books.get({ params: { bookId } }),
};
