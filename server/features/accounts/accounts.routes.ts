import { accountsApi } from '../../../shared/api/accounts';
import { HUB_PATH, HUB_SESSION_COOKIE, TOKEN_LIFETIME_DAYS } from '../../../shared/constants';
import type { AppContext } from '../../http/context';
import { ServiceBusy } from '../../http/errors';
import { routeImplementer } from '../../http/route-handlers';
import type { AccountsService } from './accounts.service';
import type { AttemptThrottle } from './attempt-throttle';
import type { PasswordResetService } from './password-reset.service';
import type { User } from './user.entity';

export interface AccountThrottles {
  /** Failed sign-ins, per address and per (account, address). */
  login: AttemptThrottle;
  /** Reset mails asked for, per address. */
  resets: AttemptThrottle;
  /** Setup codes tried from other machines, per address. */
  setup: AttemptThrottle;
}

const implement = routeImplementer<User>();

export function accountsRoutes(accounts: AccountsService, passwordReset: PasswordResetService, throttles: AccountThrottles) {
  return implement(accountsApi, {
    registerFirstAdmin: async ({ body: { email, name, password, setupCode }, ctx }) => {
      const { fromHostMachine, clientAddress } = ctx.state;
      // Only guesses at the code from elsewhere are counted; the host at its own machine needs none.
      const attempt = fromHostMachine ? null : await throttles.setup.begin(clientAddress);
      const profile = await accounts.registerFirstAdmin(email, password, { fromHostMachine, setupCode }, name);
      attempt?.succeeded();
      return profile;
    },

    login: async ({ body: { email, password }, ctx }) => {
      const attempt = await throttles.login.begin(ctx.state.clientAddress, email);
      try {
        const signedIn = await accounts.login(email, password);
        attempt.succeeded();
        leaveLiveSessionCookie(ctx, signedIn.token);
        return signedIn;
      } catch (error) {
        // Turned away before any password was checked: that was no guess.
        if (error instanceof ServiceBusy) attempt.discard();
        throw error;
      }
    },

    context: ({ user }) => accounts.profileOf(user),

    // The same answer whether or not the address belongs to anyone (DECISIONS.md).
    startPasswordReset: async ({ params, ctx }) => {
      await throttles.resets.begin(ctx.state.clientAddress);
      await passwordReset.start(params.email);
      return true as const;
    },

    finishPasswordReset: async ({ params, body: { resetToken, password } }) => {
      await passwordReset.finish(params.userId, resetToken, password);
      return true as const;
    },
  });
}

/**
 * The session's token as a cookie that only the live-update path gets (`/hubs/events`): Obskurnee's own
 * client connects there with no token at all, as its hub let anyone in, and a browser sends this cookie
 * with its SignalR requests. The hub takes it only from the club's own pages (same origin), it is never
 * readable by scripts, and it ends when the session does (the token's rules: a password reset, disabling).
 * Our renderer and bots send the token themselves and never need it.
 */
function leaveLiveSessionCookie(ctx: AppContext, token: string): void {
  ctx.cookies.set(HUB_SESSION_COOKIE, token, {
    path: HUB_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.secure,
    maxAge: TOKEN_LIFETIME_DAYS * 24 * 60 * 60 * 1000,
    overwrite: true,
  });
}
