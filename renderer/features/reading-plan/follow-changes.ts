import type { QueryClient } from '@tanstack/react-query';
import type { PartComment, PartComments, ReadingSchedule } from '../../../shared/api/reading-plan';
import { READING_EVENTS, type PartCommentShown } from '../../../shared/events';
import { applyVersioned, liveUpdates, type LiveUpdates } from '../../lib/live-updates';
import { featureKey, routeKey } from '../../lib/query-keys';
import { bookCommentsKey, partCommentsQuery, scheduleQuery } from './queries';

/**
 * A comment as an event brings it: its markdown stays with the server (whoever edits it reads it then,
 * useCommentWrites' textOf), so the copy holds none.
 */
function shown(comment: PartCommentShown): PartComment {
  return { ...comment, text: '' };
}

/** A part's comment count in the schedule's copy. */
function withCount(queryClient: QueryClient, bookId: number, partId: number, count: number): void {
  queryClient.setQueryData<ReadingSchedule>(
    scheduleQuery(bookId).queryKey,
    (schedule) => schedule && { ...schedule, parts: schedule.parts.map((part) => (part.partId === partId ? { ...part, commentCount: count } : part)) },
  );
}

/**
 * The reading plan live: a comment added, changed or removed patches the part's open copy (a missed one reads
 * it again), a count patches the schedule and a sealed part's copy, parts reached open without a reload, a new
 * schedule is read again. Joined at start (live-followers.ts).
 */
export function followReadingPlanChanges(queryClient: QueryClient, updates: LiveUpdates = liveUpdates): () => void {
  const change = (event: { bookId: number; partId: number; version: number; count: number }, apply: (comments: PartComment[]) => PartComment[]) => {
    withCount(queryClient, event.bookId, event.partId, event.count);
    applyVersioned<PartComments>(
      queryClient,
      partCommentsQuery(event.bookId, event.partId).queryKey,
      event,
      (copy) => (copy.locked ? undefined : copy.version),
      (copy) => ({ ...copy, version: event.version, count: event.count, comments: apply(copy.comments) }),
    );
  };
  const unsubscribe = [
    updates.on(READING_EVENTS.partCommentAdded, (event) =>
      change(event, (comments) => [...comments.filter((one) => one.commentId !== event.comment.commentId), shown(event.comment)]),
    ),
    updates.on(READING_EVENTS.partCommentChanged, (event) =>
      change(event, (comments) => comments.map((one) => (one.commentId === event.comment.commentId ? shown(event.comment) : one))),
    ),
    updates.on(READING_EVENTS.partCommentRemoved, (event) => change(event, (comments) => comments.filter((one) => one.commentId !== event.commentId))),
    updates.on(READING_EVENTS.partCommentCounted, ({ bookId, partId, count }) => {
      withCount(queryClient, bookId, partId, count);
      queryClient.setQueryData<PartComments>(partCommentsQuery(bookId, partId).queryKey, (copy) => copy && (copy.locked ? { ...copy, count } : copy));
    }),
    updates.on(READING_EVENTS.partsReached, ({ bookId, partIds }) => {
      queryClient.setQueryData<ReadingSchedule>(
        scheduleQuery(bookId).queryKey,
        (schedule) => schedule && { ...schedule, parts: schedule.parts.map((part) => (partIds.includes(part.partId) ? { ...part, reached: true } : part)) },
      );
      for (const partId of partIds) void queryClient.invalidateQueries({ queryKey: partCommentsQuery(bookId, partId).queryKey });
      // Another screen of the member's moved their progress: this one shows where they are too.
      void queryClient.invalidateQueries({ queryKey: routeKey('progress', 'get', { params: { bookId } }) });
    }),
    updates.on(READING_EVENTS.scheduleChanged, ({ bookId }) => {
      void queryClient.invalidateQueries({ queryKey: scheduleQuery(bookId).queryKey });
      void queryClient.invalidateQueries({ queryKey: bookCommentsKey(bookId) });
    }),
    updates.onReconnected(() => void queryClient.invalidateQueries({ queryKey: featureKey('readingPlan') })),
  ];
  return () => unsubscribe.forEach((stop) => stop());
}
