import type { QueryClient } from '@tanstack/react-query';
import type { MeetingQuestions } from '../../../shared/api/meeting-night';
import { DELTA_EVENTS, DISPLAY_EVENTS } from '../../../shared/events';
import { applyVersioned, liveUpdates, type LiveEvent, type LiveUpdates } from '../../lib/live-updates';
import { featureKey, routeKey } from '../../lib/query-keys';
import { withQuestionsChange } from './questions-change';

/** A burst of events (three ballots at once) is one read of the room, this long after the last. */
export const ROOM_READ_DELAY_MS = 150;

/** Calls `run` once `delayMs` after the last of a burst of calls. */
export function debounced(run: () => void, delayMs: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(run, delayMs);
  };
}

/** Every room view cached (signed in, by meeting): the prefix of their keys. */
const ROOM_KEY = ['meetingNight', 'room'] as const;

/**
 * Live changes to a meeting's questions patch the cached list (QuestionsChanged carries the order, the
 * current one and the question added or changed); a missed change reads it again. A room view is read again
 * (once per burst) on any of the evening's events: a check-in, a ballot, a poll closing or revealed, the
 * questions, the meeting changed. The connection coming back reads them all again. Joined at start
 * (live-followers.ts), apart from queries.ts, so it brings no contract code with it.
 */
export function followMeetingNightChanges(queryClient: QueryClient, updates: LiveUpdates = liveUpdates, delayMs = ROOM_READ_DELAY_MS): () => void {
  const readRooms = debounced(() => void queryClient.invalidateQueries({ queryKey: ROOM_KEY }), delayMs);
  const unsubscribe = [
    updates.on(DELTA_EVENTS.questionsChanged, (event) => {
      const queryKey = routeKey('meetingNight', 'questions', { params: { meetingId: event.meetingId } });
      applyVersioned<MeetingQuestions>(
        queryClient,
        queryKey,
        event,
        (list) => list.version,
        (list) => {
          const next = withQuestionsChange(list, event);
          if (next) return next;
          // The order names a question this copy never had: a change was missed.
          queueMicrotask(() => void queryClient.invalidateQueries({ queryKey, exact: true }));
          return list;
        },
      );
    }),
    ...DISPLAY_EVENTS.map((event) => updates.on(event as LiveEvent, readRooms)),
    updates.onReconnected(() => void queryClient.invalidateQueries({ queryKey: featureKey('meetingNight') })),
  ];
  return () => unsubscribe.forEach((stop) => stop());
}
