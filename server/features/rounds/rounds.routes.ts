import { roundsApi } from '../../../shared/api/rounds';
import { handle } from '../../http/contract-routes';
import type { RoundsService } from './rounds.service';

export function roundsRoutes(rounds: RoundsService) {
  return [
    handle(roundsApi.list, () => rounds.list(), { cached: 'for-everyone' }),
    handle(roundsApi.start, ({ user, body }) => rounds.start(user, body)),
    handle(roundsApi.closeDiscussion, ({ user, params, body }) => rounds.closeDiscussion(user, params.discussionId, body)),
    handle(roundsApi.closePoll, ({ user, params }) => rounds.closePoll(user, params.pollId)),
  ];
}
