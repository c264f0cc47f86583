import { create } from 'zustand';
import type { Recommendation, RecommendationInput } from '../../../shared/api/recommendations';
import type { LoadStatus } from '../../lib/load-status';
import { recommendationsService } from './recommendations.service';

interface RecommendationsState {
  /** The list page's recommendations, newest first. */
  recommendations: Recommendation[];
  status: LoadStatus;
  error: unknown;
  /** The single recommendation's page. */
  recommendationId: number | null;
  recommendation: Recommendation | null;
  recommendationStatus: LoadStatus;
  recommendationError: unknown;
  load(): Promise<void>;
  loadOne(recommendationId: number): Promise<void>;
  add(fields: RecommendationInput): Promise<Recommendation>;
  update(recommendationId: number, fields: RecommendationInput): Promise<Recommendation>;
}

export const useRecommendationsStore = create<RecommendationsState>()((set, get) => {
  /** The answer replaces the copy in the list and on the single page, wherever it is shown. */
  function keep(recommendation: Recommendation) {
    const known = get().recommendations.some((r) => r.recommendationId === recommendation.recommendationId);
    set({
      recommendations: known
        ? get().recommendations.map((r) => (r.recommendationId === recommendation.recommendationId ? recommendation : r))
        : [recommendation, ...get().recommendations],
      ...(get().recommendationId === recommendation.recommendationId ? { recommendation, recommendationStatus: 'ready' as const } : {}),
    });
  }

  return {
    recommendations: [],
    status: 'idle',
    error: null,
    recommendationId: null,
    recommendation: null,
    recommendationStatus: 'idle',
    recommendationError: null,

    async load() {
      // A list already shown stays on screen while it refreshes.
      set({ status: get().status === 'ready' ? 'ready' : 'loading', error: null });
      try {
        set({ recommendations: await recommendationsService.list(), status: 'ready' });
      } catch (error) {
        set({ status: 'failed', error });
      }
    },

    async loadOne(recommendationId) {
      // One the list already has shows at once; the fetch brings it up to date.
      const known =
        get().recommendations.find((r) => r.recommendationId === recommendationId) ??
        (get().recommendation?.recommendationId === recommendationId ? get().recommendation : null);
      set({ recommendationId, recommendation: known, recommendationStatus: known ? 'ready' : 'loading', recommendationError: null });
      try {
        const recommendation = await recommendationsService.get(recommendationId);
        if (get().recommendationId === recommendationId) set({ recommendation, recommendationStatus: 'ready' });
      } catch (error) {
        if (get().recommendationId === recommendationId) set({ recommendation: null, recommendationStatus: 'failed', recommendationError: error });
      }
    },

    async add(fields) {
      const added = await recommendationsService.add(fields);
      keep(added);
      return added;
    },

    async update(recommendationId, fields) {
      const updated = await recommendationsService.update(recommendationId, fields);
      keep(updated);
      return updated;
    },
  };
});
