import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Review } from '../../../shared/api/reviews';

vi.mock('./reviews.service', () => ({ reviewsService: { forBook: vi.fn(), post: vi.fn() } }));

const { reviewsService } = await import('./reviews.service');
const { useBookReviewsStore } = await import('./book-reviews.store');

const review = (reviewId: number, ownerId: string, bookId = 1) => ({ reviewId, ownerId, bookId, rating: 4, reviewText: `r${reviewId}` }) as Review;
const store = () => useBookReviewsStore.getState();

beforeEach(() => {
  vi.mocked(reviewsService.forBook).mockReset();
  vi.mocked(reviewsService.post).mockReset();
  useBookReviewsStore.setState({ bookId: null, reviews: [], status: 'idle', error: null });
});

describe('the book page’s reviews', () => {
  it('replace the member’s earlier review when they post again', async () => {
    vi.mocked(reviewsService.forBook).mockResolvedValue([review(1, 'bea'), review(2, 'me')]);
    await store().load(1);
    vi.mocked(reviewsService.post).mockResolvedValue({ ...review(2, 'me'), rating: 5 });
    await store().save(1, { rating: 5, reviewText: 'Better on a second read.' });
    expect(store().reviews.map((r) => [r.reviewId, r.rating])).toEqual([[2, 5], [1, 4]]);
  });

  it('ignore an answer for a book the member has already left', async () => {
    let answer!: (reviews: Review[]) => void;
    vi.mocked(reviewsService.forBook).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const first = store().load(1);
    vi.mocked(reviewsService.forBook).mockResolvedValueOnce([review(9, 'bea', 2)]);
    await store().load(2);
    answer([review(1, 'bea')]);
    await first;
    expect(store().reviews.map((r) => r.reviewId)).toEqual([9]);
  });

  it('keep what is shown when saving fails', async () => {
    vi.mocked(reviewsService.forBook).mockResolvedValue([review(1, 'bea')]);
    await store().load(1);
    vi.mocked(reviewsService.post).mockRejectedValue(new Error('Sorry, you can only give 0 to 5 stars.'));
    await expect(store().save(1, { rating: 9, reviewText: 'x' })).rejects.toThrow('0 to 5 stars');
    expect(store().reviews.map((r) => r.reviewId)).toEqual([1]);
  });
});
