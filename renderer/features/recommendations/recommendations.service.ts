import type { Recommendation, RecommendationInput } from '../../../shared/api/recommendations';
import { api } from '../../lib/api-client';

export const recommendationsService = {
  /** Every recommendation, newest first. */
  list: () => api.get<Recommendation[]>('/api/recommendations/'),
  get: (recommendationId: number) => api.get<Recommendation>(`/api/recommendations/${recommendationId}`),
  /** A new recommendation; answers it as stored. */
  add: (fields: RecommendationInput) => api.post<Recommendation>('/api/recommendations/', fields),
  /** An edit (owners their own, moderators any); answers the updated recommendation. */
  update: (recommendationId: number, fields: RecommendationInput) =>
    api.patch<Recommendation>('/api/recommendations/', { ...fields, recommendationId }),
};
