import Router from '@koa/router';
import { requireRole } from '../../http/auth';
import type { AppState } from '../../http/context';
import { idParam } from '../../http/params';
import type { ReviewsService } from './reviews.service';

export function reviewsRoutes(reviews: ReviewsService) {
  const router = new Router<AppState>({ prefix: '/reviews' });

  router.get('/book/:bookId', requireRole('member'), async (ctx) => {
    ctx.body = await reviews.forBook(idParam(ctx.params.bookId, 'bookNotFound'));
  });

  router.post('/book/:bookId', requireRole('member'), async (ctx) => {
    ctx.body = await reviews.post(ctx.state.user!, idParam(ctx.params.bookId, 'bookNotFound'), ctx.request.body);
  });

  router.get('/user/:userId', requireRole('member'), async (ctx) => {
    ctx.body = await reviews.byUser(ctx.params.userId!);
  });

  return router;
}
