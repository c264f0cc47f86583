import Router from '@koa/router';
import { previewSchema } from '../../../shared/api/discussions';
import { requireRole } from '../../http/auth';
import type { AppState } from '../../http/context';
import { idParam } from '../../http/params';
import { parseWith } from '../../http/validate';
import type { DiscussionsService } from './discussions.service';

export function discussionsRoutes(discussions: DiscussionsService) {
  const router = new Router<AppState>({ prefix: '/discussions' });

  router.get('/', requireRole('member'), async (ctx) => {
    ctx.body = await discussions.list();
  });

  // Bots may preview too: it changes nothing (DECISIONS.md roles).
  router.put('/preview', requireRole('member', { botsMay: true }), async (ctx) => {
    ctx.body = discussions.preview(parseWith(previewSchema, ctx.request.body).text);
  });

  router.get('/:discussionId', requireRole('member'), async (ctx) => {
    ctx.body = await discussions.get(idParam(ctx.params.discussionId, 'discussionNotFound'));
  });

  router.post('/:discussionId', requireRole('member'), async (ctx) => {
    ctx.body = await discussions.addPost(idParam(ctx.params.discussionId, 'discussionNotFound'), ctx.state.user!, ctx.request.body);
  });

  router.patch('/:discussionId', requireRole('member'), async (ctx) => {
    ctx.body = await discussions.editPost(idParam(ctx.params.discussionId, 'discussionNotFound'), ctx.state.user!, ctx.request.body);
  });

  return router;
}
