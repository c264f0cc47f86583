import Router from '@koa/router';
import { isNewsletterName, type NewsletterName } from '../../../shared/api/newsletters';
import { requireRole } from '../../http/auth';
import type { AppState } from '../../http/context';
import { NotFound } from '../../http/errors';
import type { NewslettersService } from './newsletters.service';

function listName(value: string | undefined): NewsletterName {
  if (!isNewsletterName(value)) throw new NotFound('newsletterNotFound');
  return value;
}

export function newslettersRoutes(newsletters: NewslettersService) {
  const router = new Router<AppState>({ prefix: '/newsletters' });

  router.get('/', requireRole('member'), async (ctx) => {
    ctx.body = await newsletters.listsOf(ctx.state.user!.id);
  });

  router.get('/all', requireRole('moderator'), async (ctx) => {
    ctx.body = await newsletters.allSubscribers();
  });

  // Always the caller's own subscription: nobody subscribes someone else.
  router.post('/:listName/subscribe', requireRole('member'), async (ctx) => {
    ctx.body = await newsletters.subscribe(ctx.state.user!.id, listName(ctx.params.listName));
  });

  router.post('/:listName/unsubscribe', requireRole('member'), async (ctx) => {
    ctx.body = await newsletters.unsubscribe(ctx.state.user!.id, listName(ctx.params.listName));
  });

  return router;
}
