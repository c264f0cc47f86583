import type { RecommendationInput } from '../../../shared/api/recommendations';
import { api } from '../../lib/api-client';

export const recommendationsService = {
  /** Every recommendation, newest first. */
  list: () => api.recommendations.list(),
  get: (recommendationId: number) => api.recommendations.get({ params: { recommendationId } }),
  /** A new recommendation; answers it as stored. */
  add: (fields: RecommendationInput) => api.recommendations.create({ body: fields }),
  /** An edit (owners their own, moderators any); answers the updated recommendation. */
  update: (recommendationId: number, fields: RecommendationInput) => api.recommendations.update({ body: { ...fields, recommendationId } }),
};
