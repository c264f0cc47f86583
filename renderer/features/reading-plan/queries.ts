import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PartComments, ReadingScheduleChange } from '../../../shared/api/reading-plan';
import { api } from '../../lib/api-client';
import { routeKey } from '../../lib/query-keys';
import { routeQuery } from '../../lib/route-query';

/** A book's reading schedule, each part as the member stands against it. */
export function scheduleQuery(bookId: number) {
  return routeQuery('readingPlan', 'schedule', { params: { bookId } });
}

/** A part's comments, or only how many while it is sealed for the member. */
export function partCommentsQuery(bookId: number, partId: number) {
  return routeQuery('readingPlan', 'comments', { params: { bookId, partId } });
}

/** Every part's comments of a book (a key prefix: TanStack matches the params partially). */
export function bookCommentsKey(bookId: number) {
  return ['readingPlan', 'comments', { params: { bookId } }] as const;
}

/** The book's schedule; null asks for none (no book yet). */
export function useSchedule(bookId: number | null) {
  return useQuery({ ...scheduleQuery(bookId ?? 0), enabled: bookId !== null });
}

export function usePartComments(bookId: number, partId: number) {
  return useQuery(partCommentsQuery(bookId, partId));
}

/** The member's own progress in the book (the progress feature's route and cache entry), to say where they are. */
export function useMyProgress(bookId: number | null) {
  return useQuery({ ...routeQuery('progress', 'get', { params: { bookId: bookId ?? 0 } }), enabled: bookId !== null });
}

/** The book itself (the books feature's route and cache entry): its title and page count. */
export function usePlanBook(bookId: number) {
  return useQuery(routeQuery('books', 'get', { params: { bookId } }));
}

/** Upcoming meetings (the meetings feature's route and cache entry): the end day "Spread evenly" proposes, the questions' link. */
export function useUpcomingMeetings() {
  return useQuery({ ...routeQuery('meetings', 'list'), select: (list) => list.upcoming });
}

export function useSetSchedule(bookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ReadingScheduleChange) => api.readingPlan.setSchedule({ params: { bookId }, body: change }),
    onSuccess: (schedule) => {
      queryClient.setQueryData(scheduleQuery(bookId).queryKey, schedule);
      void queryClient.invalidateQueries({ queryKey: bookCommentsKey(bookId) });
    },
  });
}

/** An answer that opened a part: its comments at once, and the schedule and progress it changed read again. */
function storeOpened(queryClient: QueryClient, bookId: number, partId: number, comments: PartComments): void {
  queryClient.setQueryData(partCommentsQuery(bookId, partId).queryKey, comments);
  void queryClient.invalidateQueries({ queryKey: scheduleQuery(bookId).queryKey });
  void queryClient.invalidateQueries({ queryKey: routeKey('progress', 'get', { params: { bookId } }) });
}

/** "I've read this far" (read) or "Show anyway" (reveal). */
export function useOpenPart(bookId: number, partId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (how: 'read' | 'reveal') => api.readingPlan[how]({ params: { bookId, partId } }),
    onSuccess: (comments) => storeOpened(queryClient, bookId, partId, comments),
  });
}

/**
 * Writing a comment, changing or deleting one: the part's comments are read again after it (the live event
 * that follows for everyone else is then already in the copy).
 */
export function useCommentWrites(bookId: number, partId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: partCommentsQuery(bookId, partId).queryKey });
  const params = { bookId, partId };
  return {
    add: (text: string) => api.readingPlan.addComment({ params, body: { text } }).then(refresh),
    edit: (commentId: number, text: string) => api.readingPlan.editComment({ params: { ...params, commentId }, body: { text } }).then(refresh),
    remove: (commentId: number) => api.readingPlan.removeComment({ params: { ...params, commentId } }).then(refresh),
    /** A comment's markdown as it is now (live events carry only its rendered text). */
    textOf: async (commentId: number) => {
      const fresh = await queryClient.fetchQuery({ ...partCommentsQuery(bookId, partId), staleTime: 0 });
      return fresh.comments.find((comment) => comment.commentId === commentId)?.text ?? null;
    },
  };
}
