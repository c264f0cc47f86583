/* When a meeting is over, as the server (answers, lists, calendars) and the renderer take it alike. */

/**
 * A meeting without an end is taken to last this long: it counts as past (no more answers, listed among
 * past meetings) three hours after it starts, and calendars show it as a three-hour block. A book club's
 * evening rarely runs longer, and a meeting that has just begun still takes a late "going".
 */
export const ASSUMED_MEETING_LENGTH_MS = 3 * 60 * 60 * 1000;

/** When a meeting ends: its own end, or its start plus the assumed length. */
export function meetingEndsAt(meeting: { startsAt: string; endsAt: string | null }): string {
  return meeting.endsAt ?? new Date(Date.parse(meeting.startsAt) + ASSUMED_MEETING_LENGTH_MS).toISOString();
}

/** A meeting is past once it has ended. */
export function hasEnded(meeting: { startsAt: string; endsAt: string | null }, now: Date): boolean {
  return Date.parse(meetingEndsAt(meeting)) <= now.getTime();
}

/** Check-in opens this long before a meeting starts (and closes when it ends). */
export const CHECK_IN_OPENS_BEFORE_MS = 60 * 60 * 1000;

/**
 * Whether check-in is open at `now`: from an hour before the start until the meeting ends (a cancelled
 * meeting is refused apart). The renderer's "the meeting is on" is this window.
 */
export function isCheckInOpen(meeting: { startsAt: string; endsAt: string | null }, now: Date): boolean {
  return now.getTime() >= Date.parse(meeting.startsAt) - CHECK_IN_OPENS_BEFORE_MS && !hasEnded(meeting, now);
}
