import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RoundUpdate } from '../../../shared/api/rounds';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** The poll as this member may see it, and their vote (null before they vote). */
export function pollQuery(pollId: number) {
  return queryOptions({
    queryKey: queryKeys.polls.one(pollId),
    queryFn: ({ signal }) => api.polls.info({ params: { pollId }, signal }),
  });
}

export function usePoll(pollId: number) {
  return useQuery(pollQuery(pollId));
}

/** Approval vote: every option the member approves of; a second vote replaces the first. The results show at once. */
export function voteMutation(queryClient: QueryClient, pollId: number) {
  return mutationOptions({
    mutationFn: (postIds: number[]) => api.polls.vote({ params: { pollId }, body: { postIds } }),
    onSuccess: (update, postIds) =>
      queryClient.setQueryData(pollQuery(pollId).queryKey, (info) => {
        const poll = update.poll ?? info?.poll;
        return poll && { poll, myVote: { pollId, postIds } };
      }),
  });
}

/**
 * What closing a poll changed elsewhere: the round, a chosen book (home's current book, the book list) or
 * the book discussion it opened; the cached copies are read again when next shown.
 */
function refreshAfterClose(queryClient: QueryClient): void {
  for (const queryKey of [queryKeys.rounds.all, queryKeys.home, queryKeys.books.all, queryKeys.discussions.all]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** Closes the vote (moderators): a winner, or a tiebreaker. */
export function closePollMutation(queryClient: QueryClient, pollId: number) {
  return mutationOptions({
    mutationFn: () => api.rounds.closePoll({ params: { pollId } }),
    onSuccess: async (update: RoundUpdate) => {
      refreshAfterClose(queryClient);
      const key = pollQuery(pollId).queryKey;
      if (update.poll?.pollId === pollId) {
        const closed = update.poll;
        queryClient.setQueryData(key, (info) => info && { ...info, poll: closed });
      } else {
        // A tie answers the tiebreaker it opened, not this poll: read this one again, now closed.
        await queryClient.refetchQueries({ queryKey: key, exact: true });
      }
    },
  });
}

export function useVote(pollId: number) {
  return useMutation(voteMutation(useQueryClient(), pollId));
}

export function useClosePoll(pollId: number) {
  return useMutation(closePollMutation(useQueryClient(), pollId));
}
