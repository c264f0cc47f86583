import type { Recommendation, RecommendationInput } from '../../../shared/api/recommendations';
import { useAddRecommendation } from './queries';

interface RecommendationActions {
  add(fields: RecommendationInput): Promise<Recommendation>;
}

/**
 * The new-recommendation form's way in, kept under its old name while the forms move to @mantine/form:
 * `useRecommendationsStore((s) => s.add)` is `useAddRecommendation().mutateAsync`. The recommendations
 * themselves are in the query cache (queries.ts); nothing is kept here.
 */
export function useRecommendationsStore<T>(select: (actions: RecommendationActions) => T): T {
  return select({ add: useAddRecommendation().mutateAsync });
}
