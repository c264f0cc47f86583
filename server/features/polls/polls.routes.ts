import { pollsApi } from '../../../shared/api/polls';
import type { AppContext } from '../../http/context';
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
 * poll in the same state) once: a poll with 1,000 members is some 100 KB of JSON. Such an object is never
 * changed once answered. The bytes are what Koa would send for the object itself.
 */
const serialised = new WeakMap<object, Buffer>();
function answerShared(ctx: AppContext, answer: object): void {
  let json = serialised.get(answer);
  if (!json) serialised.set(answer, (json = Buffer.from(JSON.stringify(answer))));
  ctx.body = json;
  ctx.type = 'application/json; charset=utf-8';
}
