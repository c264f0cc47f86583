import type { RegisterFirstAdminRequest } from '../../../shared/api/accounts';
import { api } from '../../lib/api-client';

/** The setup page's call (signing in and out are in session.ts). */
export const sessionService = {
  registerFirstAdmin: (body: RegisterFirstAdminRequest) => api.accounts.registerFirstAdmin({ body }),
};
