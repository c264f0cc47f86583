import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DatePoll, DatePollAnswer, DatePollChanges, DatePollSummary, NewDatePoll } from '../../../shared/api/date-polls';
import { api } from '../../lib/api-client';
import { featureKey, routeKey } from '../../lib/query-keys';
import { routeQuery } from '../../lib/route-query';

/** The date polls, open first, without their grids. */
export const datePollsQuery = routeQuery('datePolls', 'list');

export function datePollQuery(datePollId: number) {
  return routeQuery('datePolls', 'get', { params: { datePollId } });
}

export function useDatePolls() {
  return useQuery(datePollsQuery);
}

/** One poll with its grid: read once, then followed by small live events (follow-changes.ts). */
export function useDatePoll(datePollId: number) {
  return useQuery(datePollQuery(datePollId));
}

/** A poll as a write answered it: whole on its own key, its fields in the list. */
export function storeDatePoll(queryClient: QueryClient, poll: DatePoll): void {
  queryClient.setQueryData<DatePoll>(datePollQuery(poll.datePollId).queryKey, poll);
  queryClient.setQueryData<DatePollSummary[]>(datePollsQuery.queryKey, (list) => {
    if (!list) return list;
    const summary = summaryOf(poll);
    return list.some((item) => item.datePollId === poll.datePollId)
      ? list.map((item) => (item.datePollId === poll.datePollId ? summary : item))
      : [summary, ...list];
  });
}

function summaryOf(poll: DatePoll): DatePollSummary {
  const { respondents, notAnswered: _notAnswered, options, ...state } = poll;
  return {
    ...state,
    options: options.map(({ optionId, startsAt, endsAt }) => ({ optionId, startsAt, endsAt })),
    respondentCount: respondents.length,
  };
}

export function useOpenDatePoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (poll: NewDatePoll) => api.datePolls.open({ body: poll }),
    onSuccess: (poll) => storeDatePoll(queryClient, poll),
  });
}

export function useChangeDatePoll(datePollId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: DatePollChanges) => api.datePolls.change({ params: { datePollId }, body: changes }),
    onSuccess: (poll) => storeDatePoll(queryClient, poll),
  });
}

export function useCancelDatePoll(datePollId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.datePolls.cancel({ params: { datePollId } }),
    onSuccess: (poll) => storeDatePoll(queryClient, poll),
  });
}

/** Saves the caller's answers (they replace all earlier ones); the grid shows them when the answer comes. */
export function useAnswerDatePoll(datePollId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: Record<string, DatePollAnswer>) => api.datePolls.answer({ params: { datePollId }, body: { answers } }),
    // The grid with everyone's answers is read again: the live event of one's own answers may come before or
    // after this answer, and a read settles both.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datePollQuery(datePollId).queryKey, exact: true }),
  });
}

/** A moderator picks a date: the meeting is made, and the meetings are read again. */
export function usePickDatePoll(datePollId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pick: { optionId: number; place?: string | null; onlineUrl?: string | null }) => api.datePolls.pick({ params: { datePollId }, body: pick }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: featureKey('datePolls') }),
        queryClient.invalidateQueries({ queryKey: featureKey('meetings') }),
      ]);
    },
  });
}

export function useRemindDatePoll(datePollId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.datePolls.remind({ params: { datePollId } }),
    onSuccess: (reminder) =>
      queryClient.setQueryData<DatePoll>(
        routeKey('datePolls', 'get', { params: { datePollId } }),
        (poll) => poll && { ...poll, remindedOn: reminder.remindedOn },
      ),
  });
}
