import { recommendationsApi } from '../../../shared/api/recommendations';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { RecommendationsService } from './recommendations.service';

const implement = routeImplementer<User>();

export function recommendationsRoutes(recommendations: RecommendationsService) {
  return implement(recommendationsApi, {
    list: { handler: () => recommendations.list(), cached: 'for-everyone' },
    get: { handler: ({ params }) => recommendations.get(params.recommendationId), cached: 'for-everyone' },
    create: ({ user, body }) => recommendations.create(user, body),
    update: ({ user, body }) => recommendations.update(user, body),
  });
}
