import { pollsApi } from '../../../shared/api/polls';
import type { RoundUpdate } from '../../../shared/api/rounds';
import type { AppContext } from '../../http/context';
import { splicedJson } from '../../http/spliced-json';
import { ANSWERED, routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { PollsService } from './polls.service';

const implement = routeImplementer<User>();

export function pollsRoutes(polls: PollsService) {
  return implement(pollsApi, {
    info: { handler: ({ params, user }) => polls.info(params.pollId, user), cached: 'per-member' },
    vote: async ({ params, query, user, body, ctx }): Promise<typeof ANSWERED> => {
      if (query.answer === 'receipt') ctx.body = await polls.voteForReceipt(params.pollId, user, body);
      else answerShared(ctx, await polls.vote(params.pollId, user, body));
      return ANSWERED;
    },
    setDeadline: ({ params, user, body }) => polls.setDeadline(params.pollId, user, body),
  });
}

/**
 * Serialises an answer that many callers get as the very same object (every voter of a storm who sees the
 * poll in the same state) once: a poll with 1,000 members is some 160 KB of JSON. Such an object is never
 * changed once answered. The bytes are what Koa would send for the object itself. Its options and members
 * are the same objects from one state to the next (poll-view.ts): their JSON is made once and spliced in,
 * so each batch of a storm's ballots serialises only its voters and counts.
 */
const serialised = new WeakMap<object, Buffer>();
function answerShared(ctx: AppContext, answer: RoundUpdate): void {
  let json = serialised.get(answer);
  const poll = answer.poll;
  if (!json) serialised.set(answer, (json = splicedJson(answer, new Set(poll ? [poll.options, poll.results.activeMembers] : []))));
  ctx.body = json;
  ctx.type = 'application/json; charset=utf-8';
}
