import type { QueryClient } from '@tanstack/react-query';
import type { Poll, PollInfo, PollState } from '../../../shared/api/polls';
import { DELTA_EVENTS, type DeltaEventPayloads } from '../../../shared/events';
import { applyVersioned, liveUpdates, type LiveUpdates } from '../../lib/live-updates';
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
 * The poll with its new state. Its counts (a ranked poll's rounds too) come with it once it is closed;
 * while it is open the state has them hidden, and the poll keeps the counts this member may see.
 */
export function withState(poll: Poll, state: PollState): Poll {
  const { votes, rankedRounds } = state.isClosed ? state.results : poll.results;
  const results = { ...poll.results, votes, winnerPostId: state.results.winnerPostId, ...(rankedRounds ? { rankedRounds } : {}) };
  return { ...poll, ...state, options: poll.options, results };
}

/**
 * The poll with ballots counted: their voters last in the progress line, and the counts (a ranked poll's
 * rounds too) as this member may see them.
 */
export function withBallots(
  poll: Poll,
  { voterIds, votes, rankedRounds }: Pick<DeltaEventPayloads['VoteCounted'], 'voterIds' | 'votes' | 'rankedRounds'>,
): Poll {
  const alreadyVoted = [...poll.results.alreadyVoted.filter((userId) => !voterIds.includes(userId)), ...voterIds];
  return { ...poll, results: { ...poll.results, alreadyVoted, votes, ...(rankedRounds ? { rankedRounds } : {}) } };
}

/**
 * Live changes to a poll patch its cached copy (shared/events.ts): ballots counted (who voted, and the
 * counts, a ranked poll's rounds too, for a member who has voted), a deadline set or cleared, the poll
 * closed. A poll that closed shows its result, keeping this member's own vote, and what it decided is read
 * again; home shows the time left. A missed change, or the connection coming back, reads it again. Joined at start (app-start.ts), apart
 * from queries.ts, so the first page's download holds only this.
 */
export function followPollChanges(queryClient: QueryClient, updates: LiveUpdates = liveUpdates): () => void {
  const change = (pollId: number, event: { version: number }, apply: (poll: Poll) => Poll) =>
    applyVersioned<PollInfo>(
      queryClient,
      routeKey('polls', 'info', { params: { pollId } }),
      event,
      (info) => info.poll.version,
      (info) => ({ ...info, poll: { ...apply(info.poll), version: event.version } }),
    );
  const unsubscribe = [
    updates.on(DELTA_EVENTS.voteCounted, (event) => change(event.pollId, event, (poll) => withBallots(poll, event))),
    updates.on(DELTA_EVENTS.pollUpdated, (state) => {
      change(state.pollId, state, (poll) => withState(poll, state));
      if (state.isClosed) refreshAfterClose(queryClient);
      else void queryClient.invalidateQueries({ queryKey: featureKey('home') });
    }),
    // A book a poll chose meanwhile too; rounds, home and discussions read theirs again themselves.
    updates.onReconnected(() => {
      for (const queryKey of [featureKey('polls'), featureKey('books')]) void queryClient.invalidateQueries({ queryKey });
    }),
  ];
  return () => unsubscribe.forEach((stop) => stop());
}
