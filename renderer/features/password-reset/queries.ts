import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { PasswordResetFinish } from '../../../shared/api/accounts';
import { api } from '../../lib/api-client';

/** Mails a set-password link if the address belongs to a member; answers the same either way. */
export const startPasswordResetMutation = mutationOptions({
  mutationFn: (email: string) => api.accounts.startPasswordReset({ params: { email } }),
});

/** Sets the password with the link's single-use token (nothing cached changes: the member signs in next). */
export const finishPasswordResetMutation = mutationOptions({
  mutationFn: ({ userId, request }: { userId: string; request: PasswordResetFinish }) =>
    api.accounts.finishPasswordReset({ params: { userId }, body: request }),
});

export function useStartPasswordReset() {
  return useMutation(startPasswordResetMutation);
}

export function useFinishPasswordReset() {
  return useMutation(finishPasswordResetMutation);
}
