import { z } from 'zod';
import { answer, component, field, idParam, route, secretParam } from './contract';
import { optionalLink, versionField } from './discussions';
import { voterSummarySchema } from './poll';
import { instant } from './instant';
import { optionalJsonNumber } from './schema-helpers';

/*
 * Meetings, RSVPs and members' calendar feeds (DECISIONS.md "Meetings, deadlines and progress").
 * Times travel as ISO 8601 instants; the server keeps and answers them in UTC, and every reader sees them in
 * their own time zone.
 */

export const RSVP_ANSWERS = ['going', 'maybe', 'notGoing'] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];

export const MEETING_PLACE_MAX = 500;
export const MEETING_NOTES_MAX = 20_000;

export const meetingRsvpSchema = component(
  'MeetingRsvp',
  "Who answered what, by user id (each member's latest answer).",
  z.object({ going: z.array(field.userId()), maybe: z.array(field.userId()), notGoing: z.array(field.userId()) }),
);
export type MeetingRsvp = z.infer<typeof meetingRsvpSchema>;

export const meetingSchema = component(
  'Meeting',
  'A meeting of the club: when, where (a place, an online link, or both), about which book, and who comes.',
  z.object({
    meetingId: field.id('meeting'),
    startsAt: field.dateTime(),
    endsAt: field.dateTime().nullable(),
    place: z.string().nullable().describe('An address or a description of the place.'),
    onlineUrl: z.string().nullable().describe('A link to join online.'),
    bookId: field.id('book the meeting is about').nullable(),
    bookTitle: z.string().nullable().describe("The book's title, for lists and calendars."),
    notes: z.string().nullable().describe('Markdown.'),
    notesHtml: z.string().nullable().describe('notes rendered to sanitized HTML.'),
    isCancelled: z.boolean(),
    rsvp: meetingRsvpSchema,
    /** Names for the user ids in rsvp, so that every client can show who answered without another call. */
    responders: z.array(voterSummarySchema).describe('Everyone who answered or checked in, with their names.'),
    myRsvp: z.enum(RSVP_ANSWERS).nullable().describe("The caller's answer; null in pushed events (each client finds its own in rsvp)."),
    checkedIn: z.array(field.userId()).describe('Who has checked in at the meeting, first come first (their names are among responders).'),
    sequence: z.number().int().describe('The revision calendars see (iCalendar SEQUENCE): 0 when scheduled, one more with each change.'),
    ownerId: field.userId('The moderator who scheduled it.'),
    createdOn: field.dateTime(),
    modifiedOn: field.dateTime(),
    version: versionField('meeting or its answers'),
  }),
);
export type Meeting = z.infer<typeof meetingSchema>;
/** A meeting without who answered what or came: what live events carry when the meeting itself changes. */
export type MeetingState = Omit<Meeting, 'rsvp' | 'responders' | 'myRsvp' | 'checkedIn'>;

export const meetingListSchema = component(
  'MeetingList',
  'Meetings still to come (soonest first) and past ones (latest first).',
  z.object({ upcoming: z.array(meetingSchema), past: z.array(meetingSchema) }),
);
export type MeetingList = z.infer<typeof meetingListSchema>;

const optionalText = (max: number) =>
  z
    .string({ error: 'validation:wrongType' })
    .max(max, { error: 'validation:tooLong' })
    .nullable()
    .transform((value) => (value?.trim() ? value.trim() : null));

/**
 * A meeting's fields. Absent means "not given" (PATCH leaves it as it is; POST takes null); null clears an
 * optional field. The rules that need the whole meeting and the time are `meetingProblems`.
 */
const meetingFields = {
  endsAt: instant('validation:dateTimeInvalid').nullable().optional(),
  place: optionalText(MEETING_PLACE_MAX).optional(),
  onlineUrl: optionalLink.optional(),
  bookId: optionalJsonNumber(z.number().int().positive(), 'validation:wrongType').optional(),
  notes: optionalText(MEETING_NOTES_MAX).optional(),
};

export const newMeetingSchema = z.object({ startsAt: instant('validation:meetingStartRequired'), ...meetingFields });
export type NewMeeting = z.output<typeof newMeetingSchema>;
export type NewMeetingInput = z.input<typeof newMeetingSchema>;

export const meetingChangesSchema = z.object({ startsAt: instant('validation:meetingStartRequired').optional(), ...meetingFields });
export type MeetingChanges = z.output<typeof meetingChangesSchema>;

/** What a meeting must be as a whole, once a change is applied. */
export interface MeetingPlan {
  startsAt: string;
  endsAt: string | null;
  place: string | null;
  onlineUrl: string | null;
}

/**
 * The rules a scheduled meeting must keep (field name to catalogue key): it starts in the future, ends after
 * it starts, and has a place or a link. The server checks them on every write; the form asks the same.
 */
export function meetingProblems(plan: MeetingPlan, now: Date, { startChanged = true } = {}): Record<string, string> {
  const problems: Record<string, string> = {};
  // An edit that keeps the start is not refused because the meeting has begun meanwhile.
  if (startChanged && Date.parse(plan.startsAt) <= now.getTime()) problems.startsAt = 'validation:meetingStartPast';
  if (plan.endsAt !== null && Date.parse(plan.endsAt) <= Date.parse(plan.startsAt)) problems.endsAt = 'validation:meetingEndBeforeStart';
  if (!plan.place && !plan.onlineUrl) problems.place = 'validation:meetingPlaceRequired';
  return problems;
}

export const rsvpSchema = z.object({
  answer: z.enum(RSVP_ANSWERS, { error: 'validation:rsvpInvalid' }),
});

export const checkInSchema = z.object({
  userId: z
    .string({ error: 'validation:wrongType' })
    .max(36, { error: 'validation:tooLong' })
    .optional()
    .describe("Whom to check in or out: a moderator's choice; left out, the caller."),
});

export const calendarFeedSchema = component(
  'CalendarFeed',
  "The caller's private calendar feed.",
  z.object({
    url: z.string().nullable().describe('The feed address; only in the answer that made it (the club keeps only a hash of its token).'),
    active: z.boolean().describe('Whether the caller has a feed.'),
    createdOn: field.dateTime().nullable(),
  }),
);
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

const meetingId = idParam('meeting', 'meetingNotFound');

export const meetingsApi = {
  list: route({
    operationId: 'listMeetings',
    method: 'get',
    path: '/api/meetings',
    tag: 'Meetings',
    summary: 'Upcoming meetings (soonest first) and past ones (latest first).',
    who: 'member',
    answer: answer.one(meetingListSchema, 'The meetings.'),
  }),
  schedule: route({
    operationId: 'scheduleMeeting',
    method: 'post',
    path: '/api/meetings',
    tag: 'Meetings',
    summary: 'Schedule a meeting.',
    description: 'A start in the past, an end before the start, or neither place nor online link is a 400.',
    who: 'moderator',
    body: newMeetingSchema,
    answer: answer.one(meetingSchema, 'The new meeting.'),
    errors: { 400: ['validation:meetingStartPast', 'validation:meetingEndBeforeStart', 'validation:meetingPlaceRequired'], 404: ['bookNotFound'] },
  }),
  get: route({
    operationId: 'getMeeting',
    method: 'get',
    path: '/api/meetings/{meetingId}',
    tag: 'Meetings',
    summary: 'One meeting.',
    who: 'member',
    params: { meetingId },
    answer: answer.one(meetingSchema, 'The meeting.'),
    errors: { 404: ['meetingNotFound'] },
  }),
  change: route({
    operationId: 'changeMeeting',
    method: 'patch',
    path: '/api/meetings/{meetingId}',
    tag: 'Meetings',
    summary: 'Change a meeting (any of its fields); calendars get the new version.',
    who: 'moderator',
    params: { meetingId },
    body: meetingChangesSchema,
    answer: answer.one(meetingSchema, 'The changed meeting.'),
    errors: {
      400: ['validation:meetingStartPast', 'validation:meetingEndBeforeStart', 'validation:meetingPlaceRequired'],
      404: ['meetingNotFound', 'bookNotFound'],
      409: ['meetingCancelled'],
    },
  }),
  cancel: route({
    operationId: 'cancelMeeting',
    method: 'post',
    path: '/api/meetings/{meetingId}/cancel',
    tag: 'Meetings',
    summary: 'Cancel a meeting; it stays listed, marked cancelled, and calendars drop it.',
    who: 'moderator',
    params: { meetingId },
    answer: answer.one(meetingSchema, 'The cancelled meeting.'),
    errors: { 404: ['meetingNotFound'], 409: ['meetingCancelled'] },
  }),
  rsvp: route({
    operationId: 'answerMeeting',
    method: 'post',
    path: '/api/meetings/{meetingId}/rsvp',
    tag: 'Meetings',
    summary: 'Answer going, maybe or notGoing; a second answer replaces the first.',
    who: 'member',
    params: { meetingId },
    body: rsvpSchema,
    answer: answer.one(meetingSchema, 'The meeting with the answer counted.'),
    errors: { 404: ['meetingNotFound'], 409: ['meetingCancelled', 'meetingPast'] },
  }),
  checkIn: route({
    operationId: 'checkInAtMeeting',
    method: 'post',
    path: '/api/meetings/{meetingId}/checkin',
    tag: 'Meeting night',
    summary: '"I\'m here": check in at a meeting, from an hour before it starts until it ends. A moderator may check in another member.',
    description: 'Checking in twice is one check-in. A member naming anyone but themselves is a 403.',
    who: 'member',
    params: { meetingId },
    body: checkInSchema,
    answer: answer.one(meetingSchema, 'The meeting with the check-in.'),
    errors: { 403: ['checkInOthersForbidden'], 404: ['meetingNotFound', 'userNotFound'], 409: ['meetingCancelled', 'checkInClosed'] },
  }),
  checkOut: route({
    operationId: 'checkOutOfMeeting',
    method: 'delete',
    path: '/api/meetings/{meetingId}/checkin',
    tag: 'Meeting night',
    summary: 'Take a check-in back (by the same rules as checking in).',
    who: 'member',
    params: { meetingId },
    body: checkInSchema,
    answer: answer.one(meetingSchema, 'The meeting without the check-in.'),
    errors: { 403: ['checkInOthersForbidden'], 404: ['meetingNotFound', 'userNotFound'], 409: ['meetingCancelled', 'checkInClosed'] },
  }),
  ics: route({
    operationId: 'meetingCalendarEvent',
    method: 'get',
    path: '/api/meetings/{meetingId}/ics',
    tag: 'Meetings',
    summary: 'The meeting as an iCalendar event, to add to a calendar.',
    who: 'member',
    params: { meetingId },
    answer: { schema: z.string(), description: 'An iCalendar file with one VEVENT.', mediaTypes: ['text/calendar'] },
    errors: { 404: ['meetingNotFound'] },
  }),
  feed: route({
    operationId: 'calendarFeed',
    method: 'get',
    path: '/api/calendar/{feedFile}',
    tag: 'Meetings',
    summary: "A member's private calendar feed (`{token}.ics`), for calendar apps to subscribe to; no sign-in.",
    description: 'Every meeting (cancelled ones as STATUS:CANCELLED) and the deadlines of open polls. An unknown or revoked token is a 404.',
    who: 'anonymous',
    params: { feedFile: secretParam('The secret token followed by .ics.') },
    answer: { schema: z.string(), description: 'An iCalendar feed.', mediaTypes: ['text/calendar'] },
    errors: { 404: ['calendarFeedNotFound'] },
  }),
  feedState: route({
    operationId: 'getCalendarFeed',
    method: 'get',
    path: '/api/users/calendar-feed',
    tag: 'Meetings',
    summary: 'Whether the caller has a calendar feed.',
    who: 'member',
    answer: answer.one(calendarFeedSchema, 'The feed (without its address, which only the answer that made it carries).'),
  }),
  newFeed: route({
    operationId: 'makeCalendarFeed',
    method: 'post',
    path: '/api/users/calendar-feed',
    tag: 'Meetings',
    summary: "Make the caller's calendar feed address; an earlier one stops working.",
    who: 'member',
    answer: answer.one(calendarFeedSchema, 'The feed with its new address.'),
  }),
  revokeFeed: route({
    operationId: 'revokeCalendarFeed',
    method: 'delete',
    path: '/api/users/calendar-feed',
    tag: 'Meetings',
    summary: "Turn the caller's calendar feed off: its address answers 404 from now on.",
    who: 'member',
    answer: answer.one(calendarFeedSchema, 'The feed, inactive.'),
  }),
};
