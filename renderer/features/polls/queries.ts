import { mutationOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RoundUpdate } from '../../../shared/api/rounds';
import { api } from '../../lib/api-client';
import { featureKey } from '../../lib/query-keys';
import { routeQuery } from '../../lib/route-query';
import { refreshAfterClose } from './follow-changes';

/** The poll as this member may see it, and their vote (null before they vote). */
export function pollQuery(pollId: number) {
  return routeQuery('polls', 'info', { params: { pollId } });
}

export function usePoll(pollId: number) {
  return useQuery(pollQuery(pollId));
}

/**
 * Approval vote: every option the member approves of; a second vote replaces the first. The results show
 * at once; the last active member's vote closes the poll, and then what it decided is read again.
 */
export function voteMutation(queryClient: QueryClient, pollId: number) {
  return mutationOptions({
    mutationFn: (postIds: number[]) => api.polls.vote({ params: { pollId }, body: { postIds } }),
    onSuccess: (update, postIds) => {
      queryClient.setQueryData(pollQuery(pollId).queryKey, (info) => {
        const poll = update.poll ?? info?.poll;
        return poll && { poll, myVote: { pollId, postIds } };
      });
      if (update.poll?.isClosed) refreshAfterClose(queryClient);
    },
  });
}

/** Closes the vote (moderators): a winner, or a tiebreaker, which the closed poll's followupLink names. */
export function closePollMutation(queryClient: QueryClient, pollId: number) {
  return mutationOptions({
    mutationFn: () => api.rounds.closePoll({ params: { pollId } }),
    onSuccess: (update: RoundUpdate) => {
      refreshAfterClose(queryClient);
      const closed = update.poll;
      if (closed) queryClient.setQueryData(pollQuery(pollId).queryKey, (info) => info && { ...info, poll: closed });
    },
  });
}

/**
 * Sets when the poll closes itself, or clears it with null (moderators). The poll shows its new deadline at
 * once; home, which shows the time left, is read again.
 */
export function setDeadlineMutation(queryClient: QueryClient, pollId: number) {
  return mutationOptions({
    mutationFn: (closesAt: string | null) => api.polls.setDeadline({ params: { pollId }, body: { closesAt } }),
    onSuccess: (poll) => {
      queryClient.setQueryData(pollQuery(pollId).queryKey, (info) => info && { ...info, poll });
      void queryClient.invalidateQueries({ queryKey: featureKey('home') });
    },
  });
}

export function useSetDeadline(pollId: number) {
  return useMutation(setDeadlineMutation(useQueryClient(), pollId));
}

export function useVote(pollId: number) {
  return useMutation(voteMutation(useQueryClient(), pollId));
}

export function useClosePoll(pollId: number) {
  return useMutation(closePollMutation(useQueryClient(), pollId));
}
