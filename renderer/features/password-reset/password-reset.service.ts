import type { PasswordResetFinish } from '../../../shared/api/accounts';
import { api } from '../../lib/api-client';

export const passwordResetService = {
  /** Mails a set-password link if the address belongs to a member; answers the same either way. */
  start: (email: string) => api.accounts.startPasswordReset({ params: { email } }),
  /** Sets the password with the link's single-use token. */
  finish: (userId: string, body: PasswordResetFinish) => api.accounts.finishPasswordReset({ params: { userId }, body }),
};
