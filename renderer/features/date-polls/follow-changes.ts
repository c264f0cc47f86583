import type { QueryClient } from '@tanstack/react-query';
import type { DatePoll, DatePollState, DatePollSummary } from '../../../shared/api/date-polls';
import { DELTA_EVENTS } from '../../../shared/events';
import { applyVersioned, liveUpdates, type LiveUpdates } from '../../lib/live-updates';
import { featureKey, routeKey } from '../../lib/query-keys';
import { useSessionStore } from '../../store/session-store';
import { withAnswered } from './date-poll-grid';

/**
 * A poll's grid is read once, then followed by small events: DatePollAnswered replaces one member's row in
 * it; DatePollUpdated (opened, edited, cancelled, picked) patches the list and reads the poll again, whose
 * dates and answers an edit may have changed. The connection coming back reads them all again.
 */
export function followDatePollChanges(
  queryClient: QueryClient,
  updates: LiveUpdates = liveUpdates,
  viewerId: () => string | undefined = () => useSessionStore.getState().myProfile?.userId,
): () => void {
  const listKey = routeKey('datePolls', 'list');
  const pollKey = (datePollId: number) => routeKey('datePolls', 'get', { params: { datePollId } });

  function updated(state: DatePollState) {
    const list = queryClient.getQueryData<DatePollSummary[]>(listKey);
    const known = list?.find((item) => item.datePollId === state.datePollId);
    // A new poll, or one whose place in the list changed (closed), is read again with the list's order.
    if (list && known && known.isClosed === state.isClosed)
      queryClient.setQueryData<DatePollSummary[]>(
        listKey,
        list.map((item) => (item.datePollId === state.datePollId ? { ...item, ...state } : item)),
      );
    else void queryClient.invalidateQueries({ queryKey: listKey, exact: true });
    const poll = queryClient.getQueryData<DatePoll>(pollKey(state.datePollId));
    if (!poll || poll.version < state.version) void queryClient.invalidateQueries({ queryKey: pollKey(state.datePollId), exact: true });
    // A pick made a meeting: its own events bring it to the meetings page; answers became going and maybe.
    if (state.meetingId !== null) void queryClient.invalidateQueries({ queryKey: featureKey('meetings') });
  }

  const unsubscribe = [
    updates.on(DELTA_EVENTS.datePollUpdated, updated),
    updates.on(DELTA_EVENTS.datePollAnswered, (event) =>
      applyVersioned<DatePoll>(
        queryClient,
        pollKey(event.datePollId),
        event,
        (poll) => poll.version,
        (poll) => withAnswered(poll, event, viewerId()),
      ),
    ),
    updates.onReconnected(() => void queryClient.invalidateQueries({ queryKey: featureKey('datePolls') })),
  ];
  return () => unsubscribe.forEach((stop) => stop());
}
