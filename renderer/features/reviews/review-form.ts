import { reviewSchema, type Review, type ReviewInput } from '../../../shared/api/reviews';
import { schemaChecks, type Translate } from '../../lib/form-errors';

/** The review form: stars as the star input holds them (0 = none chosen), markdown text, an optional link. */
export interface ReviewFormValues {
  rating: number;
  reviewText: string;
  reviewUrl: string;
  hasSpoilers: boolean;
}

export const emptyReviewForm: ReviewFormValues = { rating: 0, reviewText: '', reviewUrl: '', hasSpoilers: false };

/** The member's earlier review fills the form, so saving replaces it. */
export function valuesFromReview(review: Review | null): ReviewFormValues {
  if (!review) return emptyReviewForm;
  return { rating: review.rating ?? 0, reviewText: review.reviewText, reviewUrl: review.reviewUrl ?? '', hasSpoilers: review.hasSpoilers };
}

/** The request the form sends: no star chosen is a review without stars (null). */
export function reviewInputOf(values: ReviewFormValues): ReviewInput {
  return { rating: values.rating > 0 ? values.rating : null, reviewText: values.reviewText, reviewUrl: values.reviewUrl, hasSpoilers: values.hasSpoilers };
}

/** The shared schema's checks, as the server applies them (one message per field), and what the form sends. */
export function reviewChecks(t: Translate) {
  return schemaChecks(reviewSchema, t, { input: reviewInputOf });
}

/** The signed-in member's own review among a book's, if they wrote one. */
export function ownReview(reviews: Review[], userId: string | undefined): Review | null {
  return (userId && reviews.find((review) => review.ownerId === userId)) || null;
}

/** The average of the reviews that have stars, to one decimal; null when none has. */
export function averageRating(reviews: Pick<Review, 'rating'>[]): { average: number; count: number } | null {
  const ratings = reviews.map((review) => review.rating).filter((rating): rating is number => rating !== null);
  if (ratings.length === 0) return null;
  const average = Math.round((ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length) * 10) / 10;
  return { average, count: ratings.length };
}

/** A review's list after saving one: the saved one first, replacing the member's earlier one. */
export function withSavedReview(reviews: Review[], saved: Review): Review[] {
  return [saved, ...reviews.filter((review) => review.reviewId !== saved.reviewId && review.ownerId !== saved.ownerId)];
}
