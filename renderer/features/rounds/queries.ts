import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Discussion } from '../../../shared/api/discussions';
import type { NewRound, Round } from '../../../shared/api/rounds';
import { HUB_EVENTS } from '../../../shared/events';
import { api } from '../../lib/api-client';
import { liveUpdates, type LiveUpdates } from '../../lib/live-updates';
import { queryKeys } from '../../lib/query-keys';

/** The club's rounds (the list page sorts them newest first). */
export const roundsQuery = queryOptions({
  queryKey: queryKeys.rounds.list,
  queryFn: ({ signal }) => api.rounds.list({ signal }),
});

export function useRounds() {
  return useQuery(roundsQuery);
}

/** Starts a round (moderators) and puts it first in the list. */
export function startRoundMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (round: NewRound) => api.rounds.start({ body: round }),
    onSuccess: (started) =>
      queryClient.setQueryData(roundsQuery.queryKey, (rounds) => rounds && [started, ...rounds.filter((r) => r.roundId !== started.roundId)]),
  });
}

export function useStartRound() {
  return useMutation(startRoundMutation(useQueryClient()));
}

/** Whether the listed rounds already link the pushed discussion (and its poll); if not, the list is out of date. */
export function roundsKnow(rounds: Round[], discussion: Discussion): boolean {
  const round = rounds.find((r) => r.roundId === discussion.roundId);
  return (
    !!round &&
    [round.themeDiscussionId, round.bookDiscussionId].includes(discussion.discussionId) &&
    (discussion.pollId === null || [round.themePollId, round.bookPollId].includes(discussion.pollId))
  );
}

/** A pushed discussion the list does not know about yet (a round started, a poll opened): read the list again. */
export function followRoundChanges(queryClient: QueryClient, updates: LiveUpdates = liveUpdates): () => void {
  return updates.on(HUB_EVENTS.discussionChanged, (discussion) => {
    const rounds = queryClient.getQueryData(roundsQuery.queryKey);
    if (rounds && !roundsKnow(rounds, discussion)) void queryClient.invalidateQueries({ queryKey: queryKeys.rounds.all });
  });
}
