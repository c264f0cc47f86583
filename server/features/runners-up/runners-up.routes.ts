import { runnersUpApi } from '../../../shared/api/runners-up';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { RunnersUpService } from './runners-up.service';

const implement = routeImplementer<User>();

export function runnersUpRoutes(runnersUp: RunnersUpService) {
  return implement(runnersUpApi, {
    get: { handler: ({ params }) => runnersUp.forDiscussion(params.discussionId), cached: 'for-everyone' },
  });
}
