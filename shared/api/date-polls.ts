import { z } from 'zod';
import { answer, component, field, idParam, route } from './contract';
import { optionalLink, versionField } from './discussions';
import { deadlineProblem, instant } from './instant';
import { voterSummarySchema } from './poll';
import { jsonNumber, optionalJsonNumber, requiredString } from './schema-helpers';

/*
 * Date polls, "find the evening" (DECISIONS.md "Reading together"): a moderator proposes dates, members
 * answer each yes, if need be or no, and the moderator picks one, which becomes the meeting. Times travel as
 * ISO 8601 instants, kept and answered in UTC, as meetings' do.
 */

export const DATE_POLL_ANSWERS = ['yes', 'ifNeedBe', 'no'] as const;
export type DatePollAnswer = (typeof DATE_POLL_ANSWERS)[number];

export const DATE_POLL_OPTIONS_MIN = 2;
export const DATE_POLL_OPTIONS_MAX = 30;
export const DATE_POLL_TITLE_MAX = 200;
/** A moderator reminds those who have not answered at most once in this long. */
export const DATE_POLL_REMIND_EVERY_MS = 24 * 60 * 60 * 1000;

const optionTimeShape = {
  optionId: field.id('option'),
  startsAt: field.dateTime(),
  endsAt: field.dateTime().nullable(),
};

export const datePollOptionTimeSchema = component('DatePollOptionTime', 'A proposed date: when it starts and, if said, ends.', z.object(optionTimeShape));

export const datePollOptionSchema = component(
  'DatePollOption',
  'A proposed date with who answered what (user ids; names are among `respondents`).',
  z.object({
    ...optionTimeShape,
    yes: z.array(field.userId()),
    ifNeedBe: z.array(field.userId()),
    no: z.array(field.userId()),
  }),
);
export type DatePollOption = z.infer<typeof datePollOptionSchema>;

/** A poll's own fields, without the grid of answers: what DatePollUpdated carries. */
const stateShape = {
  datePollId: field.id('date poll'),
  title: z.string(),
  options: z.array(datePollOptionTimeSchema).describe('In date order (soonest first), so nothing moves under a finger.'),
  closesAt: field.dateTime().nullable().describe('After it, answers are refused; a moderator may still pick.'),
  isClosed: z.boolean().describe('Picked or cancelled: it takes no more answers and no pick.'),
  isCancelled: z.boolean(),
  pickedOptionId: z.number().int().nullable(),
  meetingId: z.number().int().nullable().describe('The meeting the pick made.'),
  place: z.string().nullable(),
  onlineUrl: z.string().nullable(),
  bookId: z.number().int().nullable(),
  remindedOn: field.dateTime().nullable().describe('When a moderator last reminded those who had not answered.'),
  ownerId: field.userId('The moderator who opened it.'),
  createdOn: field.dateTime(),
  modifiedOn: field.dateTime(),
  version: versionField('date poll or its answers'),
};

export const datePollStateSchema = component('DatePollState', 'A date poll without its answers.', z.object(stateShape));
export type DatePollState = z.infer<typeof datePollStateSchema>;

const myAnswersSchema = component(
  'DatePollAnswers',
  'One member’s answers, by option id: "yes", "ifNeedBe" or "no" (an option left out has no answer).',
  z.record(z.string(), z.enum(DATE_POLL_ANSWERS)),
);

export const datePollSchema = component(
  'DatePoll',
  'A date poll with its grid: every option with who answered what, and the caller’s own answers.',
  z.object({
    ...stateShape,
    options: z.array(datePollOptionSchema).describe('In date order (soonest first).'),
    myAnswers: myAnswersSchema,
    respondents: z.array(voterSummarySchema).describe('Everyone who answered, with their names, first answer first.'),
    notAnswered: z
      .array(voterSummarySchema)
      .nullable()
      .describe('For moderators: the active members who have not answered (whom a reminder reaches); null for others.'),
  }),
);
export type DatePoll = z.infer<typeof datePollSchema>;

export const datePollSummarySchema = component(
  'DatePollSummary',
  'A date poll in the list: without the grid, with how many answered and the caller’s own answers.',
  z.object({ ...stateShape, respondentCount: z.number().int(), myAnswers: myAnswersSchema }),
);
export type DatePollSummary = z.infer<typeof datePollSummarySchema>;

export const datePollPickedSchema = component(
  'DatePollPicked',
  'The picked poll and the meeting it became.',
  z.object({ datePollId: field.id('date poll'), meetingId: field.id('meeting') }),
);

export const datePollReminderSchema = component(
  'DatePollReminder',
  'Who was reminded.',
  z.object({ datePollId: field.id('date poll'), reminded: z.number().int().describe('How many members got the mail.'), remindedOn: field.dateTime() }),
);

const optionalText = (max: number) =>
  z
    .string({ error: 'validation:wrongType' })
    .max(max, { error: 'validation:tooLong' })
    .nullable()
    .transform((value) => (value?.trim() ? value.trim() : null));

const titleSchema = requiredString('validation:titleRequired')
  .trim()
  .min(1, { error: 'validation:titleRequired' })
  .max(DATE_POLL_TITLE_MAX, { error: 'validation:tooLong' });

const optionInput = z.object({
  /** On an edit: the option kept (with its answers, while its times stay). */
  optionId: optionalJsonNumber(z.number().int().positive()).optional(),
  startsAt: instant('validation:datePollStartRequired'),
  endsAt: instant('validation:dateTimeInvalid').nullable().optional(),
});

const optionsInput = z
  .array(optionInput, { error: 'validation:datePollOptionsCount' })
  .min(DATE_POLL_OPTIONS_MIN, { error: 'validation:datePollOptionsCount' })
  .max(DATE_POLL_OPTIONS_MAX, { error: 'validation:datePollOptionsCount' });

export const newDatePollSchema = z.object({
  title: titleSchema,
  options: optionsInput,
  closesAt: instant('validation:dateTimeInvalid').nullable().optional(),
  place: optionalText(500).optional(),
  onlineUrl: optionalLink.optional(),
  bookId: optionalJsonNumber(z.number().int().positive(), 'validation:wrongType').optional(),
});
export type NewDatePoll = z.output<typeof newDatePollSchema>;
export type NewDatePollInput = z.input<typeof newDatePollSchema>;

/** An edit: any of a new poll's fields; absent keeps it, null clears an optional one. `options` replaces them all. */
export const datePollChangesSchema = newDatePollSchema.partial();
export type DatePollChanges = z.output<typeof datePollChangesSchema>;

export const datePollAnswersSchema = z.object({
  answers: z
    .record(z.string(), z.enum(DATE_POLL_ANSWERS, { error: 'validation:datePollAnswerInvalid' }), { error: 'validation:datePollAnswersRequired' })
    .describe('Option id to "yes", "ifNeedBe" or "no"; options left out have no answer.'),
});

export const datePollPickSchema = z.object({
  optionId: jsonNumber(z.number().int().positive(), 'validation:datePollOptionRequired'),
  place: optionalText(500).optional(),
  onlineUrl: optionalLink.optional(),
});

/** A proposed date as the rules read it. */
export interface DateOptionPlan {
  startsAt: string;
  endsAt?: string | null;
  /** A kept option whose times did not change is not refused for having begun meanwhile. */
  unchanged?: boolean;
}

/**
 * The rules a poll's dates keep (field name to catalogue key): each new one in the future and ending after it
 * starts, no two alike (the same start and end), and a deadline ahead. The server checks them on every write;
 * the form asks the same.
 */
export function datePollProblems(plan: { options?: readonly DateOptionPlan[]; closesAt?: string | null }, now: Date): Record<string, string> {
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  for (const option of plan.options ?? []) {
    const start = Date.parse(option.startsAt);
    const end = option.endsAt ? Date.parse(option.endsAt) : null;
    if (!option.unchanged && start <= now.getTime()) problems.options ??= 'validation:datePollOptionPast';
    if (end !== null && end <= start) problems.options ??= 'validation:datePollOptionEndBeforeStart';
    const key = `${start}/${end ?? ''}`;
    if (seen.has(key)) problems.options ??= 'validation:datePollOptionsAlike';
    seen.add(key);
  }
  const deadline = plan.closesAt === undefined ? null : deadlineProblem(plan.closesAt, now);
  if (deadline) problems.closesAt = deadline;
  return problems;
}

const datePollId = idParam('date poll', 'datePollNotFound');

export const datePollsApi = {
  list: route({
    operationId: 'listDatePolls',
    method: 'get',
    path: '/api/date-polls',
    tag: 'Date polls',
    summary: 'Date polls: open ones first (newest first), then picked or cancelled ones.',
    who: 'member',
    answer: answer.list(datePollSummarySchema, 'The date polls, without their grids.'),
  }),
  open: route({
    operationId: 'openDatePoll',
    method: 'post',
    path: '/api/date-polls',
    tag: 'Date polls',
    summary: 'Propose 2 to 30 dates; the club is told by mail and in its chat.',
    description: 'Each date in the future and no two alike; a deadline, if given, ahead.',
    who: 'moderator',
    body: newDatePollSchema,
    answer: answer.one(datePollSchema, 'The new date poll.'),
    errors: {
      400: ['validation:datePollOptionsCount', 'validation:datePollOptionPast', 'validation:datePollOptionsAlike', 'validation:deadlinePast'],
      404: ['bookNotFound'],
    },
  }),
  get: route({
    operationId: 'getDatePoll',
    method: 'get',
    path: '/api/date-polls/{datePollId}',
    tag: 'Date polls',
    summary: 'One date poll with its grid.',
    who: 'member',
    params: { datePollId },
    answer: answer.one(datePollSchema, 'The date poll.'),
    errors: { 404: ['datePollNotFound'] },
  }),
  change: route({
    operationId: 'changeDatePoll',
    method: 'patch',
    path: '/api/date-polls/{datePollId}',
    tag: 'Date polls',
    summary: 'Change an open date poll: its title, deadline, place, link, book, or its dates.',
    description:
      '`options` replaces the dates: one sent with its `optionId` and the same times keeps its answers (new times clear them), one left out goes with its answers.',
    who: 'moderator',
    params: { datePollId },
    body: datePollChangesSchema,
    answer: answer.one(datePollSchema, 'The changed date poll.'),
    errors: {
      400: ['validation:datePollOptionsCount', 'validation:datePollOptionPast', 'validation:datePollOptionsAlike', 'datePollForeignOption'],
      404: ['datePollNotFound', 'bookNotFound'],
      409: ['datePollClosed'],
    },
  }),
  cancel: route({
    operationId: 'cancelDatePoll',
    method: 'post',
    path: '/api/date-polls/{datePollId}/cancel',
    tag: 'Date polls',
    summary: 'Cancel an open date poll: it stays listed, closed, and takes no answers or pick.',
    who: 'moderator',
    params: { datePollId },
    answer: answer.one(datePollSchema, 'The cancelled date poll.'),
    errors: { 404: ['datePollNotFound'], 409: ['datePollClosed'] },
  }),
  answer: route({
    operationId: 'answerDatePoll',
    method: 'put',
    path: '/api/date-polls/{datePollId}/answers',
    tag: 'Date polls',
    summary: "Replace the caller's answers: each option yes, ifNeedBe or no (options left out: no answer).",
    who: 'member',
    params: { datePollId },
    body: datePollAnswersSchema,
    answer: answer.one(myAnswersSchema, "The caller's answers as they now stand."),
    errors: { 400: ['datePollForeignOption', 'validation:datePollAnswerInvalid'], 404: ['datePollNotFound'], 409: ['datePollClosed', 'datePollAnswersClosed'] },
  }),
  pick: route({
    operationId: 'pickDatePoll',
    method: 'post',
    path: '/api/date-polls/{datePollId}/pick',
    tag: 'Date polls',
    summary: 'Pick a date: the poll closes and the meeting is scheduled then, as POST /api/meetings would; yes answers become going, if need be maybe.',
    description: "The poll's place and link are used where none is given; neither is a 400. Possible after the deadline.",
    who: 'moderator',
    params: { datePollId },
    body: datePollPickSchema,
    answer: answer.one(datePollPickedSchema, 'The poll and its meeting.'),
    errors: {
      400: ['datePollForeignOption', 'validation:meetingStartPast', 'validation:meetingPlaceRequired'],
      404: ['datePollNotFound'],
      409: ['datePollClosed'],
    },
  }),
  remind: route({
    operationId: 'remindDatePoll',
    method: 'post',
    path: '/api/date-polls/{datePollId}/remind',
    tag: 'Date polls',
    summary: 'Mail the active members who have not answered; at most once a day.',
    who: 'moderator',
    params: { datePollId },
    answer: answer.one(datePollReminderSchema, 'How many were reminded.'),
    errors: { 404: ['datePollNotFound'], 409: ['datePollClosed', 'datePollAnswersClosed'], 429: ['datePollRemindedRecently'] },
  }),
};
