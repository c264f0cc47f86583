import type { QueryClient } from '@tanstack/react-query';
import type { Meeting, MeetingList } from '../../../shared/api/meetings';
import { DELTA_EVENTS } from '../../../shared/events';
import { applyVersioned, liveUpdates, type LiveUpdates } from '../../lib/live-updates';
import { featureKey, routeKey } from '../../lib/query-keys';
import { useSessionStore } from '../../store/session-store';
import { withCheckIn } from './check-ins';
import { meetingIn, newMeeting, withAnswer, withMeeting } from './viewer-answer';

/**
 * Live changes to a meeting (scheduled, changed, cancelled, answered, a check-in) patch it in the cached list (the
 * meetings page, home, a book's meetings) and on its own page, the viewer's own answer among them; a
 * missed change, or the connection coming back, reads them again. Joined at start (app-start.ts), apart
 * from queries.ts, so the first page's download holds only this.
 */
export function followMeetingChanges(
  queryClient: QueryClient,
  updates: LiveUpdates = liveUpdates,
  viewerId: () => string | undefined = () => useSessionStore.getState().myProfile?.userId,
): () => void {
  /** `apply` to the meeting where it is kept; `fresh` is a meeting the list does not have yet (null: read the list again). */
  const change = (meetingId: number, event: { version: number }, apply: (meeting: Meeting) => Meeting, fresh: Meeting | null = null) => {
    const next = (meeting: Meeting) => ({ ...apply(meeting), version: event.version });
    applyVersioned<MeetingList>(
      queryClient,
      routeKey('meetings', 'list'),
      event,
      (list) => meetingIn(list, meetingId)?.version ?? (fresh ? fresh.version - 1 : undefined),
      (list) => withMeeting(list, next(meetingIn(list, meetingId) ?? fresh!), new Date()),
    );
    applyVersioned<Meeting>(queryClient, routeKey('meetings', 'get', { params: { meetingId } }), event, (meeting) => meeting.version, next);
  };
  const unsubscribe = [
    updates.on(DELTA_EVENTS.meetingUpdated, (state) =>
      // Only a meeting just scheduled (nothing counted yet) is new to a list that lacks it.
      change(state.meetingId, state, (meeting) => ({ ...meeting, ...state }), state.version === 0 ? newMeeting(state) : null),
    ),
    updates.on(DELTA_EVENTS.meetingAnswered, (event) => change(event.meetingId, event, (meeting) => withAnswer(meeting, event, viewerId()))),
    updates.on(DELTA_EVENTS.meetingCheckedIn, (event) => change(event.meetingId, event, (meeting) => withCheckIn(meeting, event))),
    updates.onReconnected(() => void queryClient.invalidateQueries({ queryKey: featureKey('meetings') })),
  ];
  return () => unsubscribe.forEach((stop) => stop());
}
