import { create } from 'zustand';
import type { Review, ReviewInput } from '../../../shared/api/reviews';
import type { LoadStatus } from '../../lib/load-status';
import { withSavedReview } from './review-form';
import { reviewsService } from './reviews.service';

/** The reviews of the book open on screen. */
interface BookReviewsState {
  bookId: number | null;
  reviews: Review[];
  status: LoadStatus;
  error: unknown;
  load(bookId: number): Promise<void>;
  /** Posts the member's review of the book (replacing an earlier one) and shows it first. */
  save(bookId: number, review: ReviewInput): Promise<Review>;
}

export const useBookReviewsStore = create<BookReviewsState>()((set, get) => ({
  bookId: null,
  reviews: [],
  status: 'idle',
  error: null,

  async load(bookId) {
    const same = get().bookId === bookId && get().status === 'ready';
    set({ bookId, reviews: same ? get().reviews : [], status: same ? 'ready' : 'loading', error: null });
    try {
      const reviews = await reviewsService.forBook(bookId);
      // Navigated to another book meanwhile: this answer is no longer wanted.
      if (get().bookId === bookId) set({ reviews, status: 'ready' });
    } catch (error) {
      if (get().bookId === bookId) set({ status: 'failed', error });
    }
  },

  async save(bookId, review) {
    const saved = await reviewsService.post(bookId, review);
    if (get().bookId === bookId) set({ reviews: withSavedReview(get().reviews, saved) });
    return saved;
  },
}));
