import { z } from 'zod';
import { answer, idParam, route } from './contract';
import { pollInfoSchema, pollSchema } from './poll';
import { roundUpdateSchema } from './rounds';
import { jsonNumber } from './schema-helpers';
import { deadlineSchema } from './instant';

export * from './poll';

export const voteSchema = z.object({
  postIds: z
    .array(jsonNumber(z.number().int().positive()), { error: 'validation:voteRequired' })
    .min(1, { error: 'validation:voteRequired' })
    .max(500, { error: 'validation:tooLong' })
    .transform((ids) => [...new Set(ids)]),
});

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
    params: { pollId },
    body: voteSchema,
    answer: answer.one(roundUpdateSchema, 'The poll as it stands now; the rest null.'),
    errors: { 400: ['voteForeignOption'], 404: ['pollNotFound'], 409: ['pollClosed'] },
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
