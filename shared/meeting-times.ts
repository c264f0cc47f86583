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
