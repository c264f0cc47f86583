import { z } from 'zod';
import { bookSchema } from './books';
import { answer, component, field, idParam, route, textParam } from './contract';
import { optionalJsonNumber, requiredString } from './schema-helpers';

export const RATING_MIN = 0;
export const RATING_MAX = 5;

export const reviewSchema = z.object({
  // No stars: absent, null, or the empty string Obskurnee's client sends for a cleared rating.
  rating: optionalJsonNumber(
    z
      .number()
      .int({ error: 'validation:ratingInvalid' })
      .min(RATING_MIN, { error: 'validation:ratingInvalid' })
      .max(RATING_MAX, { error: 'validation:ratingInvalid' }),
    'validation:ratingInvalid',
  ),
  reviewText: requiredString('validation:reviewTextRequired')
    .trim()
    .min(1, { error: 'validation:reviewTextRequired' })
    .max(50_000, { error: 'validation:tooLong' }),
  reviewUrl: z
    .string({ error: 'validation:wrongType' })
    .trim()
    .max(1000, { error: 'validation:tooLong' })
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || /^https?:\/\/\S+$/i.test(value), { error: 'validation:linkInvalid' }),
  /**
   * "Contains spoilers". Optional, so clients that do not know it keep working: absent on a first review means
   * not marked, absent when a review is posted again keeps its mark as it is.
   */
  hasSpoilers: z.boolean({ error: 'validation:wrongType' }).optional(),
});
export type ReviewInput = z.input<typeof reviewSchema>;

export const reviewAnswerSchema = component(
  'Review',
  "A member's review of a book the club read (one per member per book).",
  z.object({
    reviewId: field.id('review'),
    book: bookSchema,
    bookId: field.id('book'),
    ownerId: field.userId("The owner's user id."),
    ownerName: z.string(),
    rating: z.number().int().min(RATING_MIN).max(RATING_MAX).nullable().describe('Stars; null for a review without stars.'),
    reviewText: z.string().describe('Markdown.'),
    renderedReviewText: z.string().describe('reviewText rendered to sanitized HTML.'),
    reviewUrl: z.string().nullable(),
    hasSpoilers: z.boolean().describe('Its author marked it as containing spoilers: folded for members who have not finished the book.'),
    createdOn: field.dateTime(),
    modifiedOn: field.dateTime(),
  }),
);
export type Review = z.infer<typeof reviewAnswerSchema>;

const bookId = idParam('book', 'bookNotFound');

export const reviewsApi = {
  forBook: route({
    operationId: 'listBookReviews',
    method: 'get',
    path: '/api/reviews/book/{bookId}',
    tag: 'Reviews',
    summary: "A book's reviews.",
    who: 'member',
    params: { bookId },
    answer: answer.list(reviewAnswerSchema, 'The reviews, last edited first.'),
    errors: { 404: ['bookNotFound'] },
  }),
  post: route({
    operationId: 'postReview',
    method: 'post',
    path: '/api/reviews/book/{bookId}',
    tag: 'Reviews',
    summary: "Review a book; posting again replaces the caller's review.",
    who: 'member',
    params: { bookId },
    body: reviewSchema,
    answer: answer.one(reviewAnswerSchema, "The caller's review."),
    errors: { 400: ['validation:ratingInvalid', 'validation:reviewTextRequired'], 404: ['bookNotFound'] },
  }),
  byUser: route({
    operationId: 'listUserReviews',
    method: 'get',
    path: '/api/reviews/user/{userId}',
    tag: 'Reviews',
    summary: "A member's reviews.",
    who: 'member',
    params: { userId: textParam("The member's user id.") },
    answer: answer.list(reviewAnswerSchema, 'The reviews, last edited first.'),
    errors: { 404: ['userNotFound'] },
  }),
};
