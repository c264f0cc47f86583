import { recommendationsApi } from '../../../shared/api/recommendations';
import { handle } from '../../http/contract-routes';
import type { RecommendationsService } from './recommendations.service';

export function recommendationsRoutes(recommendations: RecommendationsService) {
  return [
    handle(recommendationsApi.list, () => recommendations.list(), { cached: 'for-everyone' }),
    handle(recommendationsApi.get, ({ params }) => recommendations.get(params.recommendationId), { cached: 'for-everyone' }),
    handle(recommendationsApi.create, ({ user, body }) => recommendations.create(user, body)),
    handle(recommendationsApi.update, ({ user, body }) => recommendations.update(user, body)),
  ];
}
