import type { LoginRequest, RegisterFirstAdminRequest } from '../../../shared/api/accounts';
import { api } from '../../lib/api-client';

export const sessionService = {
  login: (credentials: LoginRequest) => api.accounts.login({ body: credentials }),
  context: () => api.accounts.context(),
  registerFirstAdmin: (body: RegisterFirstAdminRequest) => api.accounts.registerFirstAdmin({ body }),
};
