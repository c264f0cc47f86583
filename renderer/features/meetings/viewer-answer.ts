import type { Meeting, MeetingList, MeetingState, RSVP_ANSWERS, RsvpAnswer } from '../../../shared/api/meetings';
import type { DeltaEventPayloads } from '../../../shared/events';
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

/**
 * The meeting with a member's answer (a second replaces the first): last in its list and among those who
 * answered, as the server lists them (latest answer last); the viewer's own is theirs.
 */
export function withAnswer(meeting: Meeting, { userId, name, answer }: DeltaEventPayloads['MeetingAnswered'], viewerId: string | null | undefined): Meeting {
  const rsvp = { going: [], maybe: [], notGoing: [] } as Meeting['rsvp'];
  for (const listed of RSVP_ORDER) rsvp[listed] = [...meeting.rsvp[listed].filter((id) => id !== userId), ...(listed === answer ? [userId] : [])];
  const responders = [...meeting.responders.filter((responder) => responder.userId !== userId), { userId, name }];
  return { ...meeting, rsvp, responders, myRsvp: userId === viewerId ? answer : meeting.myRsvp };
}

/** A meeting just scheduled, from its state: nobody has answered yet. */
export function newMeeting(state: MeetingState): Meeting {
  return { ...state, rsvp: { going: [], maybe: [], notGoing: [] }, responders: [], myRsvp: null, checkedIn: [] };
}

/** The meeting in the list, upcoming or past. */
export function meetingIn(list: MeetingList, meetingId: number): Meeting | undefined {
  return list.upcoming.find((m) => m.meetingId === meetingId) ?? list.past.find((m) => m.meetingId === meetingId);
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
