import Router from '@koa/router';
import { loginSchema, registerFirstAdminSchema } from '../../../shared/api/accounts';
import type { AppState } from '../../http/context';
import { requireRole } from '../../http/auth';
import { parseWith } from '../../http/validate';
import type { AccountsService } from './accounts.service';

export function accountsRoutes(accounts: AccountsService) {
  const router = new Router<AppState>({ prefix: '/accounts' });

  router.post('/registerfirstadmin', async (ctx) => {
    const { email, password } = parseWith(registerFirstAdminSchema, ctx.request.body);
    ctx.body = await accounts.registerFirstAdmin(email, password);
  });

  router.post('/login', async (ctx) => {
    const { email, password } = parseWith(loginSchema, ctx.request.body);
    ctx.body = await accounts.login(email, password);
  });

  router.get('/context', requireRole('member'), async (ctx) => {
    ctx.body = accounts.profileOf(ctx.state.user!);
  });

  return router;
}
