import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NewRound, Round } from '../../../shared/api/rounds';
import { api } from '../../lib/api-client';
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
