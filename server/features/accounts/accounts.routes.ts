import Router from '@koa/router';
import { emailSchema, loginSchema, passwordResetFinishSchema, registerFirstAdminSchema } from '../../../shared/api/accounts';
import type { AppState } from '../../http/context';
import { requireRole } from '../../http/auth';
import { ServiceBusy } from '../../http/errors';
import { parseWith } from '../../http/validate';
import type { AccountsService } from './accounts.service';
import type { AttemptThrottle } from './attempt-throttle';
import type { PasswordResetService } from './password-reset.service';

export interface AccountThrottles {
  /** Failed sign-ins, per address and per (account, address). */
  login: AttemptThrottle;
  /** Reset mails asked for, per address. */
  resets: AttemptThrottle;
  /** Setup codes tried from other machines, per address. */
  setup: AttemptThrottle;
}

export function accountsRoutes(accounts: AccountsService, passwordReset: PasswordResetService, throttles: AccountThrottles) {
  const router = new Router<AppState>({ prefix: '/accounts' });

  router.post('/registerfirstadmin', async (ctx) => {
    const { email, password, setupCode } = parseWith(registerFirstAdminSchema, ctx.request.body);
    const { fromHostMachine, clientAddress } = ctx.state;
    // Only guesses at the code from elsewhere are counted; the host at its own machine needs none.
    const attempt = fromHostMachine ? null : await throttles.setup.begin(clientAddress);
    ctx.body = await accounts.registerFirstAdmin(email, password, { fromHostMachine, setupCode });
    attempt?.succeeded();
  });

  router.post('/login', async (ctx) => {
    const { email, password } = parseWith(loginSchema, ctx.request.body);
    const attempt = await throttles.login.begin(ctx.state.clientAddress, email);
    try {
      ctx.body = await accounts.login(email, password);
    } catch (error) {
      // Turned away before any password was checked: that was no guess.
      if (error instanceof ServiceBusy) attempt.discard();
      throw error;
    }
    attempt.succeeded();
  });

  router.get('/context', requireRole('member'), async (ctx) => {
    ctx.body = accounts.profileOf(ctx.state.user!);
  });

  // The same answer whether or not the address belongs to anyone (DECISIONS.md).
  router.post('/passwordreset/:email', async (ctx) => {
    const email = parseWith(emailSchema, ctx.params.email);
    await throttles.resets.begin(ctx.state.clientAddress);
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
