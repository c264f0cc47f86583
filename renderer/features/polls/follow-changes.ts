import type { QueryClient } from '@tanstack/react-query';
import type { PollInfo } from '../../../shared/api/polls';
import { HUB_EVENTS } from '../../../shared/events';
import { liveUpdates, type LiveUpdates } from '../../lib/live-updates';
import { featureKey, routeKey } from '../../lib/query-keys';

/**
 * What closing a poll changed elsewhere: the round, a chosen book (home's current book, the book list) or
 * the discussion it opened; the cached copies are read again when next shown.
 */
export function refreshAfterClose(queryClient: QueryClient): void {
  // The runners-up are the discussion's too: a closed poll decides which suggestions are left over.
  for (const queryKey of [featureKey('rounds'), featureKey('home'), featureKey('books'), featureKey('discussions'), featureKey('runnersUp')]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/**
 * A PollChanged push. A poll that closed (by a moderator, the last vote or its deadline): the poll on
 * screen shows its result, keeping this member's own vote, and what it decided is read again. An open
 * poll whose deadline changed comes as one who has not voted sees it (counts hidden): the poll on screen
 * takes its deadline at once and is read again as this member sees it; home shows the time left.
 * Joined at start (app-start.ts), apart from queries.ts, so the first page's download holds only this.
 */
export function followPollChanges(queryClient: QueryClient, updates: LiveUpdates = liveUpdates): () => void {
  return updates.on(HUB_EVENTS.pollChanged, (poll) => {
    const queryKey = routeKey('polls', 'info', { params: { pollId: poll.pollId } });
    if (poll.isClosed) {
      queryClient.setQueryData<PollInfo>(queryKey, (info) => info && { ...info, poll });
      refreshAfterClose(queryClient);
      return;
    }
    queryClient.setQueryData<PollInfo>(queryKey, (info) => info && { ...info, poll: { ...info.poll, closesAt: poll.closesAt } });
    void queryClient.invalidateQueries({ queryKey });
    void queryClient.invalidateQueries({ queryKey: featureKey('home') });
  });
}
