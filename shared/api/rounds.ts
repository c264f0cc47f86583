import { z } from 'zod';
import { bookSchema } from './books';
import { answer, component, field, idParam, route } from './contract';
import { discussionSchema } from './discussions';
import { pollSchema, VOTING_METHODS } from './poll';
import { requiredString } from './schema-helpers';
import { deadlineSchema } from './instant';

export const ROUND_TOPICS = ['Books', 'Themes'] as const;
export type RoundTopic = (typeof ROUND_TOPICS)[number];

export const roundSchema = component(
  'Round',
  'A round of choosing the next book.',
  z.object({
    roundId: field.id('round'),
    title: z.string(),
    description: z.string().nullable(),
    topic: z.enum(ROUND_TOPICS),
    themeDiscussionId: field.id('theme discussion').nullable(),
    themePollId: field.id('theme poll').nullable(),
    themeTiebreakerPollId: field.id('theme tiebreaker poll').nullable(),
    bookDiscussionId: field.id('book discussion').nullable(),
    bookPollId: field.id('book poll').nullable(),
    bookTiebreakerPollId: field.id('book tiebreaker poll').nullable(),
    bookId: field.id('chosen book').nullable(),
    book: bookSchema.nullable(),
    createdOn: field.dateTime(),
  }),
);
export type Round = z.infer<typeof roundSchema>;

export const newRoundSchema = z.object({
  topic: z.enum(ROUND_TOPICS, { error: 'validation:topicInvalid' }),
  title: requiredString('validation:titleRequired').trim().min(1, { error: 'validation:titleRequired' }).max(200, { error: 'validation:tooLong' }),
  description: z
    .string({ error: 'validation:wrongType' })
    .max(20_000, { error: 'validation:tooLong' })
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null)),
});
export type NewRound = z.input<typeof newRoundSchema>;

/** What a vote or a close changed; each is null where untouched (DECISIONS.md). */
export const roundUpdateSchema = component(
  'RoundUpdate',
  'What a vote or a close changed; each is null where untouched.',
  z.object({
    poll: pollSchema.nullable(),
    discussion: discussionSchema.nullable(),
    round: roundSchema.nullable(),
    book: bookSchema.nullable(),
  }),
);
export type RoundUpdate = z.infer<typeof roundUpdateSchema>;

/**
 * POST /api/rounds/close-discussion/{id} may say when the poll it opens closes itself (no body: no
 * deadline) and how it is counted (approval unless it says ranked).
 */
export const closeDiscussionSchema = z.object({
  closesAt: deadlineSchema.nullish().transform((value) => value ?? null),
  votingMethod: z
    .enum(VOTING_METHODS, { error: 'validation:votingMethod' })
    .nullish()
    .transform((value) => value ?? 'approval'),
});

export const roundsApi = {
  list: route({
    operationId: 'listRounds',
    method: 'get',
    path: '/api/rounds',
    tag: 'Rounds',
    summary: 'All rounds.',
    who: 'member',
    answer: answer.list(roundSchema, 'Every round.'),
  }),
  start: route({
    operationId: 'startRound',
    method: 'post',
    path: '/api/rounds',
    tag: 'Rounds',
    summary: 'Start a round: its first discussion (Books, or Themes) opens at once.',
    who: 'moderator',
    body: newRoundSchema,
    answer: answer.one(roundSchema, 'The new round.'),
  }),
  closeDiscussion: route({
    operationId: 'closeDiscussion',
    method: 'post',
    path: '/api/rounds/close-discussion/{discussionId}',
    tag: 'Rounds',
    summary: 'Close an open discussion that has posts; a poll of its posts opens.',
    who: 'moderator',
    description: 'closesAt (optional) sets when the new poll closes itself.',
    params: { discussionId: idParam('discussion', 'discussionNotFound') },
    body: closeDiscussionSchema,
    answer: answer.one(roundUpdateSchema, 'The closed discussion (with its pollId) and the round; poll and book are null.'),
    errors: { 400: ['validation:deadlinePast'], 404: ['discussionNotFound'], 409: ['discussionClosed', 'discussionHasNoPosts'] },
  }),
  closePoll: route({
    operationId: 'closePoll',
    method: 'post',
    path: '/api/rounds/close-poll/{pollId}',
    tag: 'Rounds',
    summary: 'Close a poll with at least one vote: a winner (book or theme) or a tiebreaker poll.',
    who: 'moderator',
    params: { pollId: idParam('poll', 'pollNotFound') },
    answer: answer.one(roundUpdateSchema, 'The closed poll, the round, and the new book or discussion.'),
    errors: { 404: ['pollNotFound'], 409: ['pollClosed', 'pollHasNoVotes'] },
  }),
};
