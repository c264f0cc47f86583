import { CHECK_IN_OPENS_BEFORE_MS, hasEnded, isCheckInOpen, meetingEndsAt } from '../../../shared/meeting-times';

/** What the evening's window needs of a meeting. */
export interface MeetingTimes {
  startsAt: string;
  endsAt: string | null;
  isCancelled: boolean;
}

/**
 * Whether the meeting is "on": from an hour before it starts until it ends, unless it was cancelled. That is
 * when members check in (the server's window for check-in), and when the meeting's page on a phone becomes
 * the remote for the evening.
 */
export function isMeetingOn(meeting: MeetingTimes, now: Date = new Date()): boolean {
  return !meeting.isCancelled && isCheckInOpen(meeting, now);
}

/** When the meeting next turns on or off (ms from now), for a page to look again then; null when never again. */
export function nextWindowChangeIn(meeting: MeetingTimes, now: Date = new Date()): number | null {
  if (meeting.isCancelled || hasEnded(meeting, now)) return null;
  const opens = Date.parse(meeting.startsAt) - CHECK_IN_OPENS_BEFORE_MS;
  if (now.getTime() < opens) return opens - now.getTime();
  return Date.parse(meetingEndsAt(meeting)) - now.getTime();
}
