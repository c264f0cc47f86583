import type { LoginRequest, LoginResponse, Profile, RegisterFirstAdminRequest } from '../../../shared/api/accounts';
import { api } from '../../lib/api-client';

export const sessionService = {
  login: (credentials: LoginRequest) => api.post<LoginResponse>('/api/accounts/login', credentials),
  context: () => api.get<Profile>('/api/accounts/context'),
  registerFirstAdmin: (body: RegisterFirstAdminRequest) => api.post<Profile>('/api/accounts/registerfirstadmin', body),
};
