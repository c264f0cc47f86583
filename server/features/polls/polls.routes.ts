import { pollsApi } from '../../../shared/api/polls';
import { handle } from '../../http/contract-routes';
import type { PollsService } from './polls.service';

export function pollsRoutes(polls: PollsService) {
  return [
    handle(pollsApi.info, ({ params, user }) => polls.info(params.pollId, user), { cached: 'per-member' }),
    handle(pollsApi.vote, ({ params, user, body }) => polls.vote(params.pollId, user, body)),
  ];
}
