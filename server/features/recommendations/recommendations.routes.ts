import Router from '@koa/router';
import { requireRole } from '../../http/auth';
import type { AppState } from '../../http/context';
import { idParam } from '../../http/params';
import type { RecommendationsService } from './recommendations.service';

export function recommendationsRoutes(recommendations: RecommendationsService) {
  const router = new Router<AppState>({ prefix: '/recommendations' });

  router.get('/', requireRole('member'), async (ctx) => {
    ctx.body = await recommendations.list();
  });

  router.get('/:recommendationId', requireRole('member'), async (ctx) => {
    ctx.body = await recommendations.get(idParam(ctx.params.recommendationId, 'recommendationNotFound'));
  });

  router.post('/', requireRole('member'), async (ctx) => {
    ctx.body = await recommendations.create(ctx.state.user!, ctx.request.body);
  });

  router.patch('/', requireRole('member'), async (ctx) => {
    ctx.body = await recommendations.update(ctx.state.user!, ctx.request.body);
  });

  return router;
}
