import Router from '@koa/router';
import { requireRole } from '../../http/auth';
import type { AppState } from '../../http/context';
import type { AdminService } from './admin.service';

export function adminRoutes(admin: AdminService) {
  const router = new Router<AppState>({ prefix: '/admin' });

  router.get('/', requireRole('moderator'), async (ctx) => {
    ctx.body = await admin.data();
  });

  router.post('/noticeboard', requireRole('moderator'), async (ctx) => {
    ctx.body = await admin.setNoticeboard(ctx.request.body);
  });

  router.post('/registeruser', requireRole('moderator'), async (ctx) => {
    ctx.body = await admin.registerUser(ctx.state.user!, ctx.request.body);
  });

  router.post('/makemod/:email', requireRole('moderator'), async (ctx) => {
    ctx.body = await admin.makeModerator(ctx.params.email!);
  });

  router.post('/registerbot', requireRole('admin'), async (ctx) => {
    ctx.body = await admin.registerBot(ctx.request.body);
  });

  // Sessions end and live connections close; the account keeps its posts (DECISIONS.md "Abuse and sessions").
  router.post('/disable/:email', requireRole('admin'), async (ctx) => {
    ctx.body = await admin.setDisabled(ctx.state.user!, ctx.params.email!, true);
  });

  router.post('/enable/:email', requireRole('admin'), async (ctx) => {
    ctx.body = await admin.setDisabled(ctx.state.user!, ctx.params.email!, false);
  });

  router.get('/bots', requireRole('admin'), async (ctx) => {
    ctx.body = await admin.bots();
  });

  return router;
}
