import { mutationOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PollInfo, VoteReceipt } from '../../../shared/api/polls';
import type { RoundUpdate } from '../../../shared/api/rounds';
import { api } from '../../lib/api-client';
import { featureKey } from '../../lib/query-keys';
import { routeQuery } from '../../lib/route-query';
import { useSessionStore } from '../../store/session-store';
import { refreshAfterClose, withBallots } from './follow-changes';

/** The poll as this member may see it, and their vote (null before they vote). */
export function pollQuery(pollId: number) {
  return routeQuery('polls', 'info', { params: { pollId } });
}

export function usePoll(pollId: number) {
  return useQuery(pollQuery(pollId));
}

/**
 * The poll shown with the member's vote, from its receipt: their ballot, and among those who voted, the
 * counts they may see now unless the copy is newer. Its version stays: others' ballots committed with this
 * one come with their event (a step over it means some were missed: the poll is read again).
 */
export function withReceipt(info: PollInfo, { poll, myVote }: VoteReceipt, userId: string): PollInfo {
  const { votes, rankedRounds } = poll.version >= info.poll.version ? poll.results : info.poll.results;
  return { poll: withBallots(info.poll, { voterIds: info.poll.results.alreadyVoted.includes(userId) ? [] : [userId], votes, rankedRounds }), myVote };
}

/**
 * A vote: every option the member approves of, or (a ranked poll) the options they rank, most wanted
 * first; a second vote replaces the first. The answer is a receipt, the same size in a club of any size
 * (the poll shown has the rest); the results show at once. The last active member's vote closes the poll,
 * and then the poll and what it decided are read again.
 */
export function voteMutation(queryClient: QueryClient, pollId: number, userId: () => string | undefined) {
  const queryKey = pollQuery(pollId).queryKey;
  return mutationOptions({
    mutationFn: (postIds: number[]) => api.polls.vote({ params: { pollId }, query: { answer: 'receipt' }, body: { postIds } }) as Promise<VoteReceipt>,
    onSuccess: (receipt) => {
      const shown = queryClient.getQueryData(queryKey);
      const me = userId();
      if (shown && me) queryClient.setQueryData(queryKey, withReceipt(shown, receipt, me));
      if (!shown || !me || receipt.poll.isClosed || receipt.poll.version > shown.poll.version + 1) void queryClient.invalidateQueries({ queryKey });
      if (receipt.poll.isClosed) refreshAfterClose(queryClient);
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
  return useMutation(voteMutation(useQueryClient(), pollId, () => useSessionStore.getState().myProfile?.userId));
}

export function useClosePoll(pollId: number) {
  return useMutation(closePollMutation(useQueryClient(), pollId));
}
