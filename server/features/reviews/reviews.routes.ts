import { reviewsApi } from '../../../shared/api/reviews';
import { routeImplementer } from '../../http/route-handlers';
import type { User } from '../accounts';
import type { ReviewsService } from './reviews.service';

const implement = routeImplementer<User>();

export function reviewsRoutes(reviews: ReviewsService) {
  return implement(reviewsApi, {
    forBook: { handler: ({ params }) => reviews.forBook(params.bookId), cached: 'for-everyone' },
    post: ({ user, params, body }) => reviews.post(user, params.bookId, body),
    byUser: { handler: ({ params }) => reviews.byUser(params.userId), cached: 'for-everyone' },
  });
}
