import type { QueryClient } from '@tanstack/react-query';
import type { PollInfo } from '../../../shared/api/polls';
import { HUB_EVENTS } from '../../../shared/events';
import { liveUpdates, type LiveUpdates } from '../../lib/live-updates';
import { queryKeys } from '../../lib/query-keys';

/**
 * What closing a poll changed elsewhere: the round, a chosen book (home's current book, the book list) or
 * the discussion it opened; the cached copies are read again when next shown.
 */
export function refreshAfterClose(queryClient: QueryClient): void {
  for (const queryKey of [queryKeys.rounds.all, queryKeys.home, queryKeys.books.all, queryKeys.discussions.all]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/**
 * A PollChanged push (a poll closed, by a moderator or by the last vote): the poll on screen shows its
 * result, keeping this member's own vote, and what it decided is read again.
 * Joined at start (app-start.ts), apart from queries.ts, so the first page's download holds only this.
 */
export function followPollChanges(queryClient: QueryClient, updates: LiveUpdates = liveUpdates): () => void {
  return updates.on(HUB_EVENTS.pollChanged, (poll) => {
    queryClient.setQueryData<PollInfo>(queryKeys.polls.one(poll.pollId), (info) => info && { ...info, poll });
    refreshAfterClose(queryClient);
  });
}
