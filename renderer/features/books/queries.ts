import { useQuery, useQueryClient } from '@tanstack/react-query';
import { routeQuery } from '../../lib/route-query';

/** Every book the club chose, the latest (highest order) first. */
export const booksQuery = routeQuery('books', 'list');

export function bookQuery(bookId: number) {
  return routeQuery('books', 'get', { params: { bookId } });
}

export function useBooks() {
  return useQuery(booksQuery);
}

/** The book page's book: one the list already has shows at once, and the fetch brings it up to date. */
export function useBook(bookId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    ...bookQuery(bookId),
    placeholderData: () => queryClient.getQueryData(booksQuery.queryKey)?.find((book) => book.bookId === bookId),
  });
}
