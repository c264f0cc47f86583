import type { Meeting, MeetingList, RSVP_ANSWERS, RsvpAnswer } from '../../../shared/api/meetings';
import { hasEnded } from './meeting-when';

/**
 * The answers in the order they are offered and listed: the contract's RSVP_ANSWERS, which the type holds this
 * to. Not imported as a value: the contract's module brings zod, and this is in the first download (live
 * updates) and on home, which hold none.
 */
export const RSVP_ORDER: typeof RSVP_ANSWERS = ['going', 'maybe', 'notGoing'];

/** The viewer's own answer as the meeting's lists have it (a pushed meeting carries myRsvp null for everyone). */
export function answerOf(meeting: Pick<Meeting, 'rsvp'>, userId: string | null | undefined): RsvpAnswer | null {
  if (!userId) return null;
  return RSVP_ORDER.find((answer) => meeting.rsvp[answer].includes(userId)) ?? null;
}

/** A pushed meeting as this viewer sees it: their own answer found in its lists. */
export function asSeenBy(meeting: Meeting, userId: string | null | undefined): Meeting {
  return { ...meeting, myRsvp: answerOf(meeting, userId) };
}

const byStart = (a: Meeting, b: Meeting) => Date.parse(a.startsAt) - Date.parse(b.startsAt);

/**
 * The list with one meeting put in (changed, or new): it replaces its earlier copy in the part it was in
 * (upcoming soonest first, past latest first); a new one goes with the upcoming meetings unless it is over.
 */
export function withMeeting(list: MeetingList, meeting: Meeting, now: Date): MeetingList {
  const wasPast = list.past.some((m) => m.meetingId === meeting.meetingId);
  const wasUpcoming = list.upcoming.some((m) => m.meetingId === meeting.meetingId);
  const isPast = wasPast || (!wasUpcoming && hasEnded(meeting, now));
  const upcoming = list.upcoming.filter((m) => m.meetingId !== meeting.meetingId);
  const past = list.past.filter((m) => m.meetingId !== meeting.meetingId);
  if (isPast) return { upcoming, past: [...past, meeting].sort((a, b) => byStart(b, a)) };
  return { upcoming: [...upcoming, meeting].sort(byStart), past };
}

/** The meeting home shows: the soonest upcoming one that is not cancelled. */
export function nextMeeting(list: MeetingList | undefined): Meeting | null {
  return list?.upcoming.find((meeting) => !meeting.isCancelled) ?? null;
}
