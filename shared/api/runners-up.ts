import { z } from 'zod';
import { answer, component, field, idParam, route } from './contract';
import { postSchema } from './discussions';

/*
 * Carrying a pitch over: when a Books round is decided, the suggestions that lost can be pitched again in the
 * next Books discussion (a repost, which keeps its link to the earlier post), and that discussion shows last
 * round's runners-up to everyone.
 */

export const runnerUpSchema = component(
  'RunnerUp',
  "A suggestion that lost last round's book vote.",
  z.object({
    post: postSchema,
    votes: z.number().int().describe("Its votes in the round's book poll (the first one, before any tiebreaker)."),
    pitchedAgainPostId: field.id('repost of it in this discussion').nullable().describe('Set once it was pitched again here.'),
  }),
);
export type RunnerUp = z.infer<typeof runnerUpSchema>;

export const runnersUpSchema = component(
  'RunnersUp',
  "The runners-up of the last Books round decided before this discussion's round.",
  z.object({
    roundId: field.id('decided round'),
    roundTitle: z.string(),
    bookId: field.id('book the round chose'),
    winnerTitle: z.string(),
    runnersUp: z.array(runnerUpSchema).describe('Most votes first.'),
  }),
);
export type RunnersUp = z.infer<typeof runnersUpSchema>;

export const runnersUpApi = {
  get: route({
    operationId: 'getRunnersUp',
    method: 'get',
    path: '/api/discussions/{discussionId}/runners-up',
    tag: 'Discussions',
    summary: "Last round's runners-up, to pitch again in this Books discussion.",
    description: 'Null for a discussion that is not about books, or when no Books round was decided before it.',
    who: 'member',
    params: { discussionId: idParam('discussion', 'discussionNotFound') },
    answer: answer.one(runnersUpSchema.nullable(), "Last round's runners-up, or null."),
    errors: { 404: ['discussionNotFound'] },
  }),
};
