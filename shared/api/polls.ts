import { z } from 'zod';
import { answer, component, idParam, route } from './contract';
import { pollInfoSchema, pollSchema, pollStateSchema, voteRecordSchema } from './poll';
import { roundUpdateSchema } from './rounds';
import { jsonNumber } from './schema-helpers';
import { deadlineSchema } from './instant';

export * from './poll';

export const voteSchema = z.object({
  postIds: z
    .array(jsonNumber(z.number().int().positive()), { error: 'validation:voteRequired' })
    .min(1, { error: 'validation:voteRequired' })
    .max(500, { error: 'validation:tooLong' }),
});

/**
 * How a vote is answered. `poll` (the default): the poll as it stands now, whole, as Obskurnee answered and
 * its client keeps it (its poll page shows that answer's options, counts and who has voted until it is
 * loaded again). `receipt`: only what the vote changed for the voter, the same size in a club of 10 or
 * 1,000: their ballot and the poll's state with the counts they may now see; the rest is one GET away.
 */
export const VOTE_ANSWERS = ['poll', 'receipt'] as const;
export const voteQuerySchema = z.object({
  answer: z.enum(VOTE_ANSWERS, { error: 'validation:invalid' }).default('poll').describe('poll (the default) or receipt.'),
});

export const voteReceiptSchema = component(
  'VoteReceipt',
  "A vote's short answer (?answer=receipt): the caller's ballot, and the poll without its options and voters.",
  z.object({ poll: pollStateSchema, myVote: voteRecordSchema }),
);
export type VoteReceipt = z.infer<typeof voteReceiptSchema>;

/** PATCH /api/polls/{pollId}: set the poll's deadline, or clear it with null. */
export const pollDeadlineSchema = z.object({ closesAt: deadlineSchema.nullable() });

const pollId = idParam('poll', 'pollNotFound');

export const pollsApi = {
  info: route({
    operationId: 'getPoll',
    method: 'get',
    path: '/api/polls/{pollId}',
    tag: 'Polls',
    summary: "A poll and the caller's vote.",
    who: 'member',
    params: { pollId },
    answer: answer.one(pollInfoSchema, "The poll and the caller's vote (null if none)."),
    errors: { 404: ['pollNotFound'] },
  }),
  vote: route({
    operationId: 'vote',
    method: 'post',
    path: '/api/polls/{pollId}/vote',
    tag: 'Polls',
    summary: 'Vote for one or more options; a second vote replaces the first.',
    who: 'member',
    description:
      "The answer is the poll as it stands now (the rest null; after the last active member's vote, the closed poll and what followed), " +
      'or with ?answer=receipt only the ballot and the poll without its options and voters (VoteReceipt).',
    params: { pollId },
    query: voteQuerySchema,
    body: voteSchema,
    answer: answer.one(z.union([roundUpdateSchema, voteReceiptSchema]), 'The poll as it stands now (the rest null), or the receipt.'),
    errors: { 400: ['voteForeignOption', 'voteRepeatedOption'], 404: ['pollNotFound'], 409: ['pollClosed'] },
  }),
  setDeadline: route({
    operationId: 'setPollDeadline',
    method: 'patch',
    path: '/api/polls/{pollId}',
    tag: 'Polls',
    summary: 'Set when an open poll closes itself, or clear it (closesAt null).',
    description:
      'At its deadline the poll closes exactly as a moderator would close it then (tiebreakers included); a poll without votes stays open and the moderators are told.',
    who: 'moderator',
    params: { pollId },
    body: pollDeadlineSchema,
    answer: answer.one(pollSchema, 'The poll with its new deadline.'),
    errors: { 400: ['validation:deadlinePast'], 404: ['pollNotFound'], 409: ['pollClosed'] },
  }),
};
