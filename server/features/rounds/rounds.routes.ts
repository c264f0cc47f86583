import { roundsApi } from '../../../shared/api/rounds';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { RoundsService } from './rounds.service';

const implement = routeImplementer<User>();

export function roundsRoutes(rounds: RoundsService) {
  return implement(roundsApi, {
    list: { handler: () => rounds.list(), cached: 'for-everyone' },
    start: ({ user, body }) => rounds.start(user, body),
    closeDiscussion: ({ user, params, body }) => rounds.closeDiscussion(user, params.discussionId, body),
    closePoll: ({ user, params }) => rounds.closePoll(user, params.pollId),
  });
}
