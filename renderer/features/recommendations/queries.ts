import { mutationOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Recommendation, RecommendationInput } from '../../../shared/api/recommendations';
import { api } from '../../lib/api-client';
import { routeQuery } from '../../lib/route-query';

/** Every recommendation, newest first. */
export const recommendationsQuery = routeQuery('recommendations', 'list');

export function recommendationQuery(recommendationId: number) {
  return routeQuery('recommendations', 'get', { params: { recommendationId } });
}

/** One the list already has, to show while its own page loads. */
export function recommendationFromList(queryClient: QueryClient, recommendationId: number): Recommendation | undefined {
  return queryClient.getQueryData(recommendationsQuery.queryKey)?.find((r) => r.recommendationId === recommendationId);
}

/** The answer to a write replaces the copy in the list (a new one goes first) and on its own page. */
export function keepRecommendation(queryClient: QueryClient, recommendation: Recommendation): void {
  queryClient.setQueryData(recommendationsQuery.queryKey, (list) => {
    if (!list) return list;
    const known = list.some((r) => r.recommendationId === recommendation.recommendationId);
    return known ? list.map((r) => (r.recommendationId === recommendation.recommendationId ? recommendation : r)) : [recommendation, ...list];
  });
  queryClient.setQueryData(recommendationQuery(recommendation.recommendationId).queryKey, recommendation);
}

export function addRecommendationMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (fields: RecommendationInput) => api.recommendations.create({ body: fields }),
    onSuccess: (added) => keepRecommendation(queryClient, added),
  });
}

/** An edit (owners their own, moderators any). */
export function updateRecommendationMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ recommendationId, fields }: { recommendationId: number; fields: RecommendationInput }) =>
      api.recommendations.update({ body: { ...fields, recommendationId } }),
    onSuccess: (updated) => keepRecommendation(queryClient, updated),
  });
}

export function useRecommendations() {
  return useQuery(recommendationsQuery);
}

export function useRecommendation(recommendationId: number) {
  const queryClient = useQueryClient();
  return useQuery({ ...recommendationQuery(recommendationId), placeholderData: () => recommendationFromList(queryClient, recommendationId) });
}

export function useAddRecommendation() {
  return useMutation(addRecommendationMutation(useQueryClient()));
}

export function useUpdateRecommendation() {
  return useMutation(updateRecommendationMutation(useQueryClient()));
}
