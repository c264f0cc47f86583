import type { Profile } from '../../../shared/api/accounts';
import type { PostFields } from '../../../shared/api/discussions';
import type { CurrentDiscussionSummary } from '../../../shared/api/home';
import type { Recommendation, RecommendationInput } from '../../../shared/api/recommendations';
import { pages } from '../../../shared/pages';
import { mayChange, recommendationSuggestionRefusal } from '../../../shared/rules';
import { valuesFromRecommendation, type PostFormValues } from '../discussions';

/** Owners edit their own recommendations, moderators any (SPEC section 6). */
export function canEditRecommendation(profile: Profile | null, recommendation: Pick<Recommendation, 'ownerId'>): boolean {
  return mayChange(profile, recommendation.ownerId);
}

/**
 * The ongoing discussion's page with its form prefilled from the recommendation, when the club's current
 * discussion is an open Books one; null when suggesting it is not offered.
 */
export function suggestLink(current: CurrentDiscussionSummary | null, recommendation: Pick<Recommendation, 'recommendationId'>): string | null {
  if (!current || current.isClosed || recommendationSuggestionRefusal(current) !== null) return null;
  return pages.discussion(current.discussionId, { parentRecommendationId: recommendation.recommendationId });
}

/** A recommendation's own fields in the suggestion form, for editing it (not linked to itself). */
export function valuesForEdit(recommendation: Recommendation): PostFormValues {
  return { ...valuesFromRecommendation(recommendation), parentRecommendationId: null };
}

/** The form's checked fields as a recommendation: a suggestion's, without the links to earlier posts. */
export function recommendationInput(fields: PostFields): RecommendationInput {
  const { parentPostId: _post, parentRecommendationId: _recommendation, ...rest } = fields;
  return rest;
}
