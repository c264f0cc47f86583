import { mutationOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { NewRound } from '../../../shared/api/rounds';
import { api } from '../../lib/api-client';
import { routeQuery } from '../../lib/route-query';

/** The club's rounds (the list page sorts them newest first). */
export const roundsQuery = routeQuery('rounds', 'list');

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
