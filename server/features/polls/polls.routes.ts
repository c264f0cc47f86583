import Router from '@koa/router';
import { requireRole } from '../../http/auth';
import type { AppState } from '../../http/context';
import { idParam } from '../../http/params';
import type { PollsService } from './polls.service';

export function pollsRoutes(polls: PollsService) {
  const router = new Router<AppState>({ prefix: '/polls' });

  router.get('/:pollId', requireRole('member'), async (ctx) => {
    ctx.body = await polls.info(idParam(ctx.params.pollId, 'pollNotFound'), ctx.state.user!);
  });

  router.post('/:pollId/vote', requireRole('member'), async (ctx) => {
    ctx.body = await polls.vote(idParam(ctx.params.pollId, 'pollNotFound'), ctx.state.user!, ctx.request.body);
  });

  return router;
}
