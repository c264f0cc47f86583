import { z } from 'zod';
import type { Book } from './books';
import { requiredString } from './schema-helpers';

export interface Review {
  reviewId: number;
  book: Book;
  bookId: number;
  ownerId: string;
  ownerName: string;
  /** 0 to 5 stars, or null for a review without stars. */
  rating: number | null;
  reviewText: string;
  renderedReviewText: string;
  reviewUrl: string | null;
  createdOn: string;
  modifiedOn: string;
}

export const RATING_MIN = 0;
export const RATING_MAX = 5;

export const reviewSchema = z.object({
  rating: z
    .number({ error: 'validation:ratingInvalid' })
    .int({ error: 'validation:ratingInvalid' })
    .min(RATING_MIN, { error: 'validation:ratingInvalid' })
    .max(RATING_MAX, { error: 'validation:ratingInvalid' })
    .nullish()
    .transform((value) => value ?? null),
  reviewText: requiredString('validation:reviewTextRequired').trim().min(1, { error: 'validation:reviewTextRequired' }).max(50_000, { error: 'validation:tooLong' }),
  reviewUrl: z
    .string({ error: 'validation:wrongType' })
    .trim()
    .max(1000, { error: 'validation:tooLong' })
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || /^https?:\/\/\S+$/i.test(value), { error: 'validation:linkInvalid' }),
});
export type ReviewInput = z.input<typeof reviewSchema>;
