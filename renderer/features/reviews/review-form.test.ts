import { describe, expect, it } from 'vitest';
import type { Review } from '../../../shared/api/reviews';
import { averageRating, emptyReviewForm, ownReview, reviewChecks, valuesFromReview, withSavedReview } from './review-form';

// The catalogue keys themselves, so the checks' messages can be read without a language.
const checks = reviewChecks((key) => key);

const review = (reviewId: number, ownerId: string, rating: number | null) =>
  ({ reviewId, ownerId, rating, reviewText: `Review ${reviewId}`, reviewUrl: null, hasSpoilers: false }) as Review;

describe('the review form', () => {
  it('sends stars, text, link and the spoiler mark; no star chosen is a review without stars', () => {
    const starred = { rating: 4, reviewText: ' An ocean. ', reviewUrl: '', hasSpoilers: false };
    expect(checks.validate(starred)).toEqual({});
    expect(checks.transformValues(starred)).toEqual({ rating: 4, reviewText: 'An ocean.', reviewUrl: null, hasSpoilers: false });
    const unstarred = { rating: 0, reviewText: 'An ocean.', reviewUrl: 'https://goodreads.com/review/1', hasSpoilers: true };
    expect(checks.validate(unstarred)).toEqual({});
    expect(checks.transformValues(unstarred)).toEqual({
      rating: null,
      reviewText: 'An ocean.',
      reviewUrl: 'https://goodreads.com/review/1',
      hasSpoilers: true,
    });
  });

  it('needs the review’s text', () => {
    expect(checks.validate({ ...emptyReviewForm, rating: 5, reviewText: '   ' })).toEqual({ reviewText: 'validation:reviewTextRequired' });
  });

  it('refuses stars outside 0 to 5 with the stars message, and a link that is not one', () => {
    expect(checks.validate({ rating: 6, reviewText: 'x', reviewUrl: 'goodreads', hasSpoilers: false })).toEqual({
      rating: 'validation:ratingInvalid',
      reviewUrl: 'validation:linkInvalid',
    });
  });

  it('starts from the member’s earlier review, so saving replaces it', () => {
    expect(valuesFromReview({ ...review(1, 'me', 3), reviewUrl: 'https://x.test/r', hasSpoilers: true })).toEqual({
      rating: 3,
      reviewText: 'Review 1',
      reviewUrl: 'https://x.test/r',
      hasSpoilers: true,
    });
    expect(valuesFromReview({ ...review(1, 'me', null) })).toMatchObject({ rating: 0 });
    expect(valuesFromReview(null)).toEqual(emptyReviewForm);
  });
});

describe('a book’s reviews', () => {
  const reviews = [review(1, 'bea', 5), review(2, 'me', 2), review(3, 'cyril', null)];

  it('know which one is the member’s', () => {
    expect(ownReview(reviews, 'me')?.reviewId).toBe(2);
    expect(ownReview(reviews, 'dana')).toBeNull();
    expect(ownReview(reviews, undefined)).toBeNull();
  });

  it('average the stars given, leaving out reviews without stars', () => {
    expect(averageRating(reviews)).toEqual({ average: 3.5, count: 2 });
    expect(averageRating([review(1, 'a', 4), review(2, 'b', 4), review(3, 'c', 5)])).toEqual({ average: 4.3, count: 3 });
    expect(averageRating([review(3, 'cyril', null)])).toBeNull();
  });

  it('show a saved review first, in place of the member’s earlier one', () => {
    const saved = { ...review(2, 'me', 4), reviewText: 'Changed my mind.' };
    expect(withSavedReview(reviews, saved).map((r) => [r.reviewId, r.rating])).toEqual([
      [2, 4],
      [1, 5],
      [3, null],
    ]);
  });
});
