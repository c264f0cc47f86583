import { mutationOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProgressUpdateInput } from '../../../shared/api/progress';
import { api } from '../../lib/api-client';
import { routeQuery } from '../../lib/route-query';

/** The member's own progress in a book and the club's shared progress, furthest first. */
export function bookProgressQuery(bookId: number) {
  return routeQuery('progress', 'get', { params: { bookId } });
}

/** A book's progress; null asks for none (nothing to read it for). */
export function useBookProgress(bookId: number | null) {
  return useQuery({ ...bookProgressQuery(bookId ?? 0), enabled: bookId !== null });
}

/** Records where the member is; the answer is the book's progress as it is now. */
export function recordProgressMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ bookId, update }: { bookId: number; update: ProgressUpdateInput }) => api.progress.record({ params: { bookId }, body: update }),
    onSuccess: (progress, { bookId }) => {
      queryClient.setQueryData(bookProgressQuery(bookId).queryKey, progress);
    },
  });
}

export function useRecordProgress() {
  return useMutation(recordProgressMutation(useQueryClient()));
}
