import type { RegisterBotRequest, RegisterUserRequest } from '../../../shared/api/admin';
import { api } from '../../lib/api-client';

export const adminService = {
  /** The noticeboard as markdown (moderators). */
  data: () => api.admin.data(),
  saveNoticeboard: (text: string) => api.admin.setNoticeboard({ body: { text } }),
  /** A new member; the server mails them an invitation with a link to choose their password. */
  registerUser: (request: RegisterUserRequest) => api.admin.registerUser({ body: request }),
  makeModerator: (email: string) => api.admin.makeModerator({ params: { email } }),
  /** Admins: the account can no longer sign in and its sessions end; its posts stay. Answers the profile. */
  disable: (email: string) => api.admin.disable({ params: { email } }),
  enable: (email: string) => api.admin.enable({ params: { email } }),
  /** A read-only account for an integration (admins). */
  registerBot: (request: RegisterBotRequest) => api.admin.registerBot({ body: request }),
  bots: () => api.admin.bots(),
};
