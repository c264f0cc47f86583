import Router from '@koa/router';
import { emailSchema, loginSchema, passwordResetFinishSchema, registerFirstAdminSchema } from '../../../shared/api/accounts';
import type { AppState } from '../../http/context';
import { requireRole } from '../../http/auth';
import { parseWith } from '../../http/validate';
import type { AccountsService } from './accounts.service';
import type { LoginThrottle } from './login-throttle';
import type { PasswordResetService } from './password-reset.service';

export function accountsRoutes(accounts: AccountsService, passwordReset: PasswordResetService, throttle: LoginThrottle) {
  const router = new Router<AppState>({ prefix: '/accounts' });

  router.post('/registerfirstadmin', async (ctx) => {
    const { email, password } = parseWith(registerFirstAdminSchema, ctx.request.body);
    ctx.body = await accounts.registerFirstAdmin(email, password);
  });

  router.post('/login', async (ctx) => {
    const { email, password } = parseWith(loginSchema, ctx.request.body);
    const keys = [`ip:${ctx.ip}`, `email:${email.toLowerCase()}`];
    await throttle.beforeAttempt(keys);
    try {
      ctx.body = await accounts.login(email, password);
    } catch (error) {
      throttle.recordFailure(keys);
      throw error;
    }
    throttle.recordSuccess([keys[1]!]);
  });

  router.get('/context', requireRole('member'), async (ctx) => {
    ctx.body = accounts.profileOf(ctx.state.user!);
  });

  // The same answer whether or not the address belongs to anyone (DECISIONS.md).
  router.post('/passwordreset/:email', async (ctx) => {
    const email = parseWith(emailSchema, ctx.params.email);
    await passwordReset.start(email);
    ctx.body = true;
  });

  router.post('/passwordreset/token/:userId', async (ctx) => {
    const { resetToken, password } = parseWith(passwordResetFinishSchema, ctx.request.body);
    await passwordReset.finish(ctx.params.userId!, resetToken, password);
    ctx.body = true;
  });

  return router;
}
