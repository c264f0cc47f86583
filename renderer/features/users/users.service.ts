import type { ProfileUpdate } from '../../../shared/api/users';
import type { Language } from '../../../shared/constants';
import { api } from '../../lib/api-client';

export interface NewReadingEntry {
  title: string;
  author: string | null;
}

export const usersService = {
  /** The club's active members (never bots), each with what they are reading now. */
  list: () => api.users.list(),
  /** Owners edit their own profile, moderators anyone's; answers the updated profile. */
  update: (email: string, fields: ProfileUpdate) => api.users.update({ params: { email }, body: fields }),
  /** The caller's own picture; the server crops it to 100 x 100 and answers the profile with its new avatarUrl. */
  uploadAvatar: (file: File) => api.users.uploadAvatar({ upload: file }),
  /** The caller's own language, kept with the profile (the header's menu only remembers it in this browser). */
  setLanguage: (language: Language) => api.users.setLanguage({ body: { language } }),
  /** Every member's "currently reading" entries. */
  currentlyReading: () => api.currentlyReading.list(),
  /** A book the caller is reading now. */
  addReading: (entry: NewReadingEntry) => api.currentlyReading.add({ body: entry }),
  removeReading: (entryId: number) => api.currentlyReading.remove({ params: { entryId } }),
};
