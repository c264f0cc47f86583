import type { ReviewInput } from '../../../shared/api/reviews';
import { api } from '../../lib/api-client';

export const reviewsService = {
  /** A book's reviews, the latest first. */
  forBook: (bookId: number) => api.reviews.forBook({ params: { bookId } }),
  /** A member's reviews, the latest first. */
  byUser: (userId: string) => api.reviews.byUser({ params: { userId } }),
  /** The member's review of the book; a second one replaces the first. Answers it as stored. */
  post: (bookId: number, review: ReviewInput) => api.reviews.post({ params: { bookId }, body: review }),
};
