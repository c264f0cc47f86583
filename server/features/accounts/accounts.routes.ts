import { accountsApi } from '../../../shared/api/accounts';
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
