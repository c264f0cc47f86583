import { api } from '../../lib/api-client';

/**
 * What a suggestion copies from a recommendation. Recommendations are their own feature (a later issue):
 * until shared/ has their type, only the fields a repost needs are named here.
 */
export interface RecommendationForRepost {
  recommendationId: number;
  title: string;
  author: string | null;
  pageCount: number | null;
  url: string | null;
  imageUrl: string | null;
  text: string | null;
}

export const recommendationsService = {
  list: () => api.get<RecommendationForRepost[]>('/api/recommendations/'),
};
