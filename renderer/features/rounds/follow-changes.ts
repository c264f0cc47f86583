import type { QueryClient } from '@tanstack/react-query';
import type { DiscussionState } from '../../../shared/api/discussions';
import type { Round } from '../../../shared/api/rounds';
import { DELTA_EVENTS } from '../../../shared/events';
import { liveUpdates, type LiveUpdates } from '../../lib/live-updates';
import { featureKey, routeKey } from '../../lib/query-keys';

/** Whether the listed rounds already link the pushed discussion (and its poll); if not, the list is out of date. */
export function roundsKnow(rounds: Round[], discussion: Pick<DiscussionState, 'roundId' | 'discussionId' | 'pollId'>): boolean {
  const round = rounds.find((r) => r.roundId === discussion.roundId);
  return (
    !!round &&
    [round.themeDiscussionId, round.bookDiscussionId].includes(discussion.discussionId) &&
    (discussion.pollId === null || [round.themePollId, round.bookPollId].includes(discussion.pollId))
  );
}

/**
 * A discussion opened or closed that the list does not know about yet (a round started, a poll opened), or
 * the connection coming back after a drop: read the list again. Joined at start (app-start.ts), apart from
 * queries.ts, so the first page's download holds only this.
 */
export function followRoundChanges(queryClient: QueryClient, updates: LiveUpdates = liveUpdates): () => void {
  const readAgain = () => void queryClient.invalidateQueries({ queryKey: featureKey('rounds') });
  const unsubscribe = [
    updates.on(DELTA_EVENTS.discussionUpdated, (discussion) => {
      const rounds = queryClient.getQueryData<Round[]>(routeKey('rounds', 'list'));
      if (rounds && !roundsKnow(rounds, discussion)) readAgain();
    }),
    updates.onReconnected(readAgain),
  ];
  return () => unsubscribe.forEach((stop) => stop());
}
