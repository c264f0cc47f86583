import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** Every book the club chose, the latest (highest order) first. */
export const booksQuery = queryOptions({
  queryKey: queryKeys.books.list,
  queryFn: ({ signal }) => api.books.list({ signal }),
});

export function bookQuery(bookId: number) {
  return queryOptions({
    queryKey: queryKeys.books.one(bookId),
    queryFn: ({ signal }) => api.books.get({ params: { bookId }, signal }),
  });
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
