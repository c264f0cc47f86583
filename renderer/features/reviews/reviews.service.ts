import type { Review, ReviewInput } from '../../../shared/api/reviews';
import { api } from '../../lib/api-client';

export const reviewsService = {
  /** A book's reviews, the latest first. */
  forBook: (bookId: number) => api.get<Review[]>(`/api/reviews/book/${bookId}`),
  /** A member's reviews, the latest first. */
  byUser: (userId: string) => api.get<Review[]>(`/api/reviews/user/${encodeURIComponent(userId)}`),
  /** The member's review of the book; a second one replaces the first. Answers it as stored. */
  post: (bookId: number, review: ReviewInput) => api.post<Review>(`/api/reviews/book/${bookId}`, review),
};
