import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { RegisterFirstAdminRequest } from '../../../shared/api/accounts';
import { api } from '../../lib/api-client';

/** Creates the club's first admin (only while the club has no account); the page reads home again after. */
export const registerFirstAdminMutation = mutationOptions({
  mutationFn: (request: RegisterFirstAdminRequest) => api.accounts.registerFirstAdmin({ body: request }),
});

export function useRegisterFirstAdmin() {
  return useMutation(registerFirstAdminMutation);
}
