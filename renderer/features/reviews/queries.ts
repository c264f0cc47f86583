import { mutationOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ReviewInput } from '../../../shared/api/reviews';
import { api } from '../../lib/api-client';
import { routeKey } from '../../lib/query-keys';
import { routeQuery } from '../../lib/route-query';
import { withSavedReview } from './review-form';

/** A book's reviews, the latest first. */
export function bookReviewsQuery(bookId: number) {
  return routeQuery('reviews', 'forBook', { params: { bookId } });
}

/** A member's reviews, the latest first (their profile shows them with each book). */
export function memberReviewsQuery(userId: string) {
  return routeQuery('reviews', 'byUser', { params: { userId } });
}

export function useBookReviews(bookId: number) {
  return useQuery(bookReviewsQuery(bookId));
}

export function useMemberReviews(userId: string) {
  return useQuery(memberReviewsQuery(userId));
}

/**
 * Posts the member's review of the book (a second one replaces the first) and shows it first among the
 * book's reviews; their profile's list is read again when next shown.
 */
export function saveReviewMutation(queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ bookId, review }: { bookId: number; review: ReviewInput }) => api.reviews.post({ params: { bookId }, body: review }),
    onSuccess: (saved, { bookId }) => {
      queryClient.setQueryData(bookReviewsQuery(bookId).queryKey, (reviews) => reviews && withSavedReview(reviews, saved));
      void queryClient.invalidateQueries({ queryKey: routeKey('reviews', 'byUser', { params: { userId: saved.ownerId } }) });
    },
  });
}

export function useSaveReview() {
  return useMutation(saveReviewMutation(useQueryClient()));
}
