import type { QueryClient } from '@tanstack/react-query';
import type { Meeting, MeetingList } from '../../../shared/api/meetings';
import { HUB_EVENTS } from '../../../shared/events';
import { liveUpdates, type LiveUpdates } from '../../lib/live-updates';
import { routeKey } from '../../lib/query-keys';
import { useSessionStore } from '../../store/session-store';
import { asSeenBy, withMeeting } from './viewer-answer';

/**
 * A MeetingChanged push (scheduled, changed, cancelled, answered) replaces the meeting in the cached list
 * (the meetings page, home, a book's meetings) and its own page, with the viewer's own answer read from its
 * lists. Joined at start (app-start.ts), apart from queries.ts, so the first page's download holds only this.
 */
export function followMeetingChanges(
  queryClient: QueryClient,
  updates: LiveUpdates = liveUpdates,
  viewerId: () => string | undefined = () => useSessionStore.getState().myProfile?.userId,
): () => void {
  return updates.on(HUB_EVENTS.meetingChanged, (pushed) => {
    const meeting = asSeenBy(pushed, viewerId());
    queryClient.setQueryData<MeetingList>(routeKey('meetings', 'list'), (list) => list && withMeeting(list, meeting, new Date()));
    const one = routeKey('meetings', 'get', { params: { meetingId: meeting.meetingId } });
    if (queryClient.getQueryCache().find({ queryKey: one, exact: true })) queryClient.setQueryData<Meeting>(one, meeting);
  });
}
