import type { Book } from '../../../shared/api/books';
import { api } from '../../lib/api-client';

export const booksService = {
  /** Every book the club chose, the latest (highest order) first. */
  list: () => api.get<Book[]>('/api/books/'),
  get: (bookId: number) => api.get<Book>(`/api/books/${bookId}`),
};
