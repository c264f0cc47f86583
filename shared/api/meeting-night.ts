import { z } from 'zod';
import { answer, component, field, idParam, route, secretParam, textParam } from './contract';
import { versionField } from './discussions';
import { pollSchema, voterSummarySchema } from './poll';
import { requiredString } from './schema-helpers';

/*
 * The meeting night (issue 28): discussion questions for a meeting, the room view a TV or projector shows,
 * and the display link that opens it where nobody signs in. Check-in is the meeting's own (meetings.ts).
 */

export const QUESTION_TEXT_MAX = 2_000;
/** A meeting's questions are an evening's worth; a flood stops here. */
export const QUESTIONS_PER_MEETING_MAX = 100;
/** Check-in opens this long before a meeting starts (and closes when it ends): written with the other times of a meeting. */
export { CHECK_IN_OPENS_BEFORE_MS } from '../meeting-times';

export const questionSchema = component(
  'MeetingQuestion',
  'A discussion question for a meeting.',
  z.object({
    questionId: field.id('question'),
    meetingId: field.id('meeting'),
    text: z.string().describe('Markdown.'),
    textHtml: z.string().describe('text rendered to sanitized HTML.'),
    hasSpoilers: z.boolean().describe("Its author marked it as containing spoilers: folded for members who have not finished the meeting's book."),
    authorId: field.userId('Who asked it.'),
    authorName: z.string(),
    createdOn: field.dateTime(),
    modifiedOn: field.dateTime(),
  }),
);
export type MeetingQuestion = z.infer<typeof questionSchema>;

export const meetingQuestionsSchema = component(
  'MeetingQuestions',
  "A meeting's questions in the order a moderator gave them (new ones last), and the one being discussed.",
  z.object({
    meetingId: field.id('meeting'),
    currentQuestionId: field.id('question being discussed').nullable(),
    questions: z.array(questionSchema),
    version: versionField('questions (added, changed, removed, ordered, the current one)'),
  }),
);
export type MeetingQuestions = z.infer<typeof meetingQuestionsSchema>;

export const newQuestionSchema = z.object({
  text: requiredString('validation:questionRequired')
    .trim()
    .min(1, { error: 'validation:questionRequired' })
    .max(QUESTION_TEXT_MAX, { error: 'validation:tooLong' }),
  hasSpoilers: z.boolean({ error: 'validation:wrongType' }).optional(),
});
export type NewQuestion = z.output<typeof newQuestionSchema>;

export const questionChangesSchema = z.object({
  text: requiredString('validation:questionRequired')
    .trim()
    .min(1, { error: 'validation:questionRequired' })
    .max(QUESTION_TEXT_MAX, { error: 'validation:tooLong' })
    .optional(),
  hasSpoilers: z.boolean({ error: 'validation:wrongType' }).optional(),
});
export type QuestionChanges = z.output<typeof questionChangesSchema>;

export const questionOrderSchema = z.object({
  questionIds: z
    .array(z.number({ error: 'validation:wrongType' }).int({ error: 'validation:wrongType' }).positive({ error: 'validation:wrongType' }), {
      error: 'validation:wrongType',
    })
    .max(QUESTIONS_PER_MEETING_MAX, { error: 'validation:tooLong' })
    .describe('Every question of the meeting, once each, in the new order.'),
});

export const currentQuestionSchema = z.object({
  questionId: z
    .number({ error: 'validation:wrongType' })
    .int({ error: 'validation:wrongType' })
    .positive({ error: 'validation:wrongType' })
    .nullable()
    .describe('The question now discussed; null for none.'),
});

export const roomBookSchema = component(
  'RoomBook',
  "The meeting's book as the room shows it.",
  z.object({ bookId: field.id('book'), title: z.string(), author: z.string().nullable(), imageUrl: z.string().nullable() }),
);

export const roomViewSchema = component(
  'RoomView',
  'What the room view of a meeting shows: no email, token or private note, only what every member sees.',
  z.object({
    meeting: z
      .object({
        meetingId: field.id('meeting'),
        startsAt: field.dateTime(),
        endsAt: field.dateTime().nullable(),
        place: z.string().nullable(),
        bookTitle: z.string().nullable(),
        isCancelled: z.boolean(),
      })
      .nullable()
      .describe('null on a display link while the club has no meeting under way or to come.'),
    book: roomBookSchema.nullable(),
    joinUrl: z.string().nullable().describe("The address members open the club at (PUBLIC_URL, else the host's first LAN address)."),
    checkedIn: z.array(voterSummarySchema).describe('Who has checked in, first come first.'),
    goingCount: z.number().int().describe('How many answered "going".'),
    currentQuestion: questionSchema.nullable(),
    questionCount: z.number().int(),
    poll: pollSchema
      .nullable()
      .describe(
        'The open poll (the newest), else the last one that closed during the evening; its counts hidden while it is open unless a moderator revealed them.',
      ),
    pollRevealed: z.boolean().describe("Whether a moderator revealed the open poll's counts to the room."),
  }),
);
export type RoomView = z.infer<typeof roomViewSchema>;

export const displayLinkSchema = component(
  'DisplayLink',
  "The club's display link: the room view for a TV nobody signs in on.",
  z.object({
    url: z.string().nullable().describe('The link; only in the answer that made it (the club keeps only a hash of its token).'),
    active: z.boolean(),
    createdOn: field.dateTime().nullable(),
  }),
);
export type DisplayLink = z.infer<typeof displayLinkSchema>;

export const attendanceSchema = component(
  'Attendance',
  'The meetings a member checked in at, latest first.',
  z.object({
    userId: field.userId(),
    meetings: z.array(
      z.object({ meetingId: field.id('meeting'), startsAt: field.dateTime(), bookId: field.id('book').nullable(), bookTitle: z.string().nullable() }),
    ),
  }),
);
export type Attendance = z.infer<typeof attendanceSchema>;

const meetingId = idParam('meeting', 'meetingNotFound');
const questionId = idParam('question', 'questionNotFound');
const QUESTION_WINDOW = ['meetingCancelled', 'meetingPast'];

export const meetingNightApi = {
  questions: route({
    operationId: 'meetingQuestions',
    method: 'get',
    path: '/api/meetings/{meetingId}/questions',
    tag: 'Meeting night',
    summary: "A meeting's discussion questions, in order, and the current one.",
    who: 'member',
    params: { meetingId },
    answer: answer.one(meetingQuestionsSchema, 'The questions.'),
    errors: { 404: ['meetingNotFound'] },
  }),
  addQuestion: route({
    operationId: 'addMeetingQuestion',
    method: 'post',
    path: '/api/meetings/{meetingId}/questions',
    tag: 'Meeting night',
    summary: 'Add a discussion question (before the meeting or during it); it goes last.',
    who: 'member',
    params: { meetingId },
    body: newQuestionSchema,
    answer: answer.one(meetingQuestionsSchema, 'The questions with the new one.'),
    errors: { 400: ['validation:questionRequired'], 404: ['meetingNotFound'], 409: [...QUESTION_WINDOW, 'tooManyQuestions'] },
  }),
  changeQuestion: route({
    operationId: 'changeMeetingQuestion',
    method: 'patch',
    path: '/api/meetings/{meetingId}/questions/{questionId}',
    tag: 'Meeting night',
    summary: 'Change a question: its author or a moderator.',
    who: 'member',
    params: { meetingId, questionId },
    body: questionChangesSchema,
    answer: answer.one(meetingQuestionsSchema, 'The questions.'),
    errors: { 403: ['questionNotYours'], 404: ['meetingNotFound', 'questionNotFound'], 409: QUESTION_WINDOW },
  }),
  removeQuestion: route({
    operationId: 'removeMeetingQuestion',
    method: 'delete',
    path: '/api/meetings/{meetingId}/questions/{questionId}',
    tag: 'Meeting night',
    summary: 'Remove a question: its author or a moderator.',
    who: 'member',
    params: { meetingId, questionId },
    answer: answer.one(meetingQuestionsSchema, 'The questions without it.'),
    errors: { 403: ['questionNotYours'], 404: ['meetingNotFound', 'questionNotFound'], 409: QUESTION_WINDOW },
  }),
  orderQuestions: route({
    operationId: 'orderMeetingQuestions',
    method: 'put',
    path: '/api/meetings/{meetingId}/questions/order',
    tag: 'Meeting night',
    summary: "Put the meeting's questions in a new order.",
    description: 'The list must name every question of the meeting once: a question added or removed meanwhile is a 409, to be read again.',
    who: 'moderator',
    params: { meetingId },
    body: questionOrderSchema,
    answer: answer.one(meetingQuestionsSchema, 'The questions in their new order.'),
    errors: { 404: ['meetingNotFound'], 409: [...QUESTION_WINDOW, 'questionsChanged'] },
  }),
  currentQuestion: route({
    operationId: 'setCurrentMeetingQuestion',
    method: 'put',
    path: '/api/meetings/{meetingId}/questions/current',
    tag: 'Meeting night',
    summary: 'Mark the question now being discussed (null for none): the room view and phones show it.',
    who: 'moderator',
    params: { meetingId },
    body: currentQuestionSchema,
    answer: answer.one(meetingQuestionsSchema, 'The questions.'),
    errors: { 404: ['meetingNotFound', 'questionNotFound'], 409: QUESTION_WINDOW },
  }),
  room: route({
    operationId: 'meetingRoom',
    method: 'get',
    path: '/api/meetings/{meetingId}/room',
    tag: 'Meeting night',
    summary: 'The room view of a meeting.',
    who: 'member',
    params: { meetingId },
    answer: answer.one(roomViewSchema, 'What the room shows.'),
    errors: { 404: ['meetingNotFound'] },
  }),
  reveal: route({
    operationId: 'revealRoomPoll',
    method: 'post',
    path: '/api/meetings/{meetingId}/room/reveal',
    tag: 'Meeting night',
    summary: "Show the open poll's counts in the room before it closes (closing shows them anyway).",
    who: 'moderator',
    params: { meetingId },
    answer: answer.one(roomViewSchema, 'What the room shows now.'),
    errors: { 404: ['meetingNotFound'], 409: ['noOpenPoll'] },
  }),
  attendance: route({
    operationId: 'memberAttendance',
    method: 'get',
    path: '/api/attendance/{userId}',
    tag: 'Meeting night',
    summary: 'The meetings a member checked in at (their profile shows them).',
    who: 'member',
    params: { userId: textParam("The member's user id.") },
    answer: answer.one(attendanceSchema, 'Their meetings, latest first.'),
    errors: { 404: ['userNotFound'] },
  }),
  displayLink: route({
    operationId: 'getDisplayLink',
    method: 'get',
    path: '/api/display-link',
    tag: 'Meeting night',
    summary: 'Whether the club has a display link.',
    who: 'moderator',
    answer: answer.one(displayLinkSchema, 'The link (without its address, which only the answer that made it carries).'),
  }),
  newDisplayLink: route({
    operationId: 'makeDisplayLink',
    method: 'post',
    path: '/api/display-link',
    tag: 'Meeting night',
    summary: "Make the club's display link; an earlier one stops working.",
    who: 'moderator',
    answer: answer.one(displayLinkSchema, 'The link with its address.'),
  }),
  revokeDisplayLink: route({
    operationId: 'revokeDisplayLink',
    method: 'delete',
    path: '/api/display-link',
    tag: 'Meeting night',
    summary: 'Turn the display link off: it answers 404 from now on, and screens showing it are disconnected.',
    who: 'moderator',
    answer: answer.one(displayLinkSchema, 'The link, inactive.'),
  }),
  display: route({
    operationId: 'displayRoom',
    method: 'get',
    path: '/api/display/{displayToken}',
    tag: 'Meeting night',
    summary: 'The room view through the display link, no sign-in: the meeting under way, else the next one.',
    description: 'An unknown or revoked token is a 404.',
    who: 'anonymous',
    params: { displayToken: secretParam("The display link's secret token.") },
    answer: answer.one(roomViewSchema, 'What the room shows.'),
    errors: { 404: ['displayLinkNotFound'] },
  }),
};
