import type { Review, ReviewInput } from '../../../shared/api/reviews';
import { useSaveReview } from './queries';

interface ReviewActions {
  save(bookId: number, review: ReviewInput): Promise<Review>;
}

/**
 * The review form's way in, kept under its old name while the forms move to @mantine/form:
 * `useBookReviewsStore((s) => s.save)` is `useSaveReview().mutateAsync`. The reviews are in the query cache.
 */
export function useBookReviewsStore<T>(select: (actions: ReviewActions) => T): T {
  const { mutateAsync } = useSaveReview();
  return select({ save: (bookId, review) => mutateAsync({ bookId, review }) });
}
