import { reviewsApi } from '../../../shared/api/reviews';
import { handle } from '../../http/contract-routes';
import type { ReviewsService } from './reviews.service';

export function reviewsRoutes(reviews: ReviewsService) {
  return [
    handle(reviewsApi.forBook, ({ params }) => reviews.forBook(params.bookId), { cached: 'for-everyone' }),
    handle(reviewsApi.post, ({ user, params, body }) => reviews.post(user, params.bookId, body)),
    handle(reviewsApi.byUser, ({ params }) => reviews.byUser(params.userId), { cached: 'for-everyone' }),
  ];
}
