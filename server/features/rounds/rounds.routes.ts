import Router from '@koa/router';
import { requireRole } from '../../http/auth';
import type { AppState } from '../../http/context';
import { idParam } from '../../http/params';
import type { RoundsService } from './rounds.service';

export function roundsRoutes(rounds: RoundsService) {
  const router = new Router<AppState>({ prefix: '/rounds' });

  router.get('/', requireRole('member'), async (ctx) => {
    ctx.body = await rounds.list();
  });

  router.post('/', requireRole('moderator'), async (ctx) => {
    ctx.body = await rounds.start(ctx.state.user!, ctx.request.body);
  });

  router.post('/close-discussion/:discussionId', requireRole('moderator'), async (ctx) => {
    ctx.body = await rounds.closeDiscussion(ctx.state.user!, idParam(ctx.params.discussionId, 'discussionNotFound'));
  });

  router.post('/close-poll/:pollId', requireRole('moderator'), async (ctx) => {
    ctx.body = await rounds.closePoll(ctx.state.user!, idParam(ctx.params.pollId, 'pollNotFound'));
  });

  return router;
}
