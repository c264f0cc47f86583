import { MutationObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../shared/api';
import type { Review } from '../../../shared/api/reviews';
import { deferred, refusal, server, testQueryClient } from '../../test-support/fake-api';

vi.mock('../../lib/api-client', () => import('../../test-support/fake-api'));

const { bookReviewsQuery, saveReviewMutation } = await import('./queries');

const review = (reviewId: number, ownerId: string, bookId = 1) => ({ reviewId, ownerId, bookId, rating: 4, reviewText: `r${reviewId}` }) as Review;
let queryClient = testQueryClient();
const shown = (bookId = 1) => queryClient.getQueryData(bookReviewsQuery(bookId).queryKey);
const save = (bookId: number, body: { rating: number; reviewText: string }) =>
  new MutationObserver(queryClient, saveReviewMutation(queryClient)).mutate({ bookId, review: body });

beforeEach(() => {
  server.reset();
  queryClient = testQueryClient();
});

describe('the book page’s reviews', () => {
  it('replace the member’s earlier review when they post again', async () => {
    server.on(API.reviews.forBook, () => [review(1, 'bea'), review(2, 'me')]);
    await queryClient.fetchQuery(bookReviewsQuery(1));
    server.on(API.reviews.post, () => ({ ...review(2, 'me'), rating: 5 }));
    await save(1, { rating: 5, reviewText: 'Better on a second read.' });
    expect(shown()?.map((r) => [r.reviewId, r.rating])).toEqual([
      [2, 5],
      [1, 4],
    ]);
  });

  it('never show an answer for a book the member has already left on the book they went to', async () => {
    const late = deferred<Review[]>();
    server.on(API.reviews.forBook, ({ params }) => (params.bookId === '1' ? late.promise : [review(9, 'bea', 2)]));
    const first = queryClient.fetchQuery(bookReviewsQuery(1));
    await queryClient.fetchQuery(bookReviewsQuery(2));
    late.resolve([review(1, 'bea')]);
    await first;
    expect(shown(2)?.map((r) => r.reviewId)).toEqual([9]);
  });

  it('keep what is shown when saving fails', async () => {
    server.on(API.reviews.forBook, () => [review(1, 'bea')]);
    await queryClient.fetchQuery(bookReviewsQuery(1));
    server.on(API.reviews.post, () => {
      throw refusal(400, 'Sorry, you can only give 0 to 5 stars.');
    });
    await expect(save(1, { rating: 9, reviewText: 'x' })).rejects.toThrow('0 to 5 stars');
    expect(shown()?.map((r) => r.reviewId)).toEqual([1]);
  });
});
