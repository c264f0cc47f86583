import type { Profile } from '../../../shared/api/accounts';
import type { Review } from '../../../shared/api/reviews';
import type { CurrentlyReading, ProfileUpdate, UserListEntry } from '../../../shared/api/users';
import type { Language } from '../../../shared/constants';
import { api } from '../../lib/api-client';

export interface NewReadingEntry {
  title: string;
  author: string | null;
}

export const usersService = {
  /** The club's active members (never bots), each with what they are reading now. */
  list: () => api.get<UserListEntry[]>('/api/users'),
  /** Owners edit their own profile, moderators anyone's; answers the updated profile. */
  update: (email: string, fields: ProfileUpdate) => api.post<Profile>(`/api/users/${encodeURIComponent(email)}`, fields),
  /** The caller's own picture; the server crops it to 100 x 100 and answers the profile with its new avatarUrl. */
  uploadAvatar: (file: File) => {
    const form = new FormData();
    form.append('avatar', file, file.name);
    return api.post<Profile>('/api/users/avatar', form);
  },
  /** The caller's own language, kept with the profile (the header's menu only remembers it in this browser). */
  setLanguage: (language: Language) => api.post<Profile>('/api/users/language', { language }),
  /** Every member's "currently reading" entries. */
  currentlyReading: () => api.get<CurrentlyReading[]>('/api/reviews/currentlyreading'),
  /** A book the caller is reading now. */
  addReading: (entry: NewReadingEntry) => api.post<CurrentlyReading>('/api/reviews/currentlyreading', entry),
  removeReading: (entryId: number) => api.delete<boolean>(`/api/reviews/currentlyreading/${entryId}`),
  reviewsOf: (userId: string) => api.get<Review[]>(`/api/reviews/user/${encodeURIComponent(userId)}`),
};
