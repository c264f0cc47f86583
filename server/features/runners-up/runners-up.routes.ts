import { runnersUpApi } from '../../../shared/api/runners-up';
import { handle } from '../../http/contract-routes';
import type { RunnersUpService } from './runners-up.service';

export function runnersUpRoutes(runnersUp: RunnersUpService) {
  return [handle(runnersUpApi.get, ({ params }) => runnersUp.forDiscussion(params.discussionId), { cached: 'for-everyone' })];
}
