import type { Profile } from '../../../shared/api/accounts';
import type { AdminData, RegisterBotRequest, RegisterUserRequest } from '../../../shared/api/admin';
import { api } from '../../lib/api-client';

export const adminService = {
  /** The noticeboard as markdown (moderators). */
  data: () => api.get<AdminData>('/api/admin'),
  saveNoticeboard: (text: string) => api.post<AdminData>('/api/admin/noticeboard', { text }),
  /** A new member; the server mails them an invitation with a link to choose their password. */
  registerUser: (request: RegisterUserRequest) => api.post<Profile>('/api/admin/registeruser', request),
  makeModerator: (email: string) => api.post<Profile>(`/api/admin/makemod/${encodeURIComponent(email)}`),
  /** Admins: the account can no longer sign in and its sessions end; its posts stay. Answers the profile. */
  disable: (email: string) => api.post<Profile>(`/api/admin/disable/${encodeURIComponent(email)}`),
  enable: (email: string) => api.post<Profile>(`/api/admin/enable/${encodeURIComponent(email)}`),
  /** A read-only account for an integration (admins). */
  registerBot: (request: RegisterBotRequest) => api.post<Profile>('/api/admin/registerbot', request),
  bots: () => api.get<Profile[]>('/api/admin/bots'),
};
