import { create } from 'zustand';
import type { Profile } from '../../../shared/api/accounts';
import type { CurrentlyReading, ProfileUpdate, UserListEntry } from '../../../shared/api/users';
import type { LoadStatus } from '../../lib/load-status';
import { usersService, type NewReadingEntry } from './users.service';

/**
 * The club's members as GET /api/users lists them (fetched at sign-in and session restore, SPEC section 4),
 * kept up to date by what the member changes here. A profile seen this session stays known even when it is
 * no longer active, so its page still opens until the list is read again.
 */
interface UsersState {
  users: UserListEntry[];
  status: LoadStatus;
  error: unknown;
  load(): Promise<void>;
  /** Logout: nobody's list is kept. */
  clear(): void;
  /** A profile the server answered (saved, new avatar, promoted) replaces the member's entry. */
  profileChanged(profile: Profile): void;
  /** A profile the list does not carry (the member's own, while not an active participant): add it with its reading. */
  adopt(profile: Profile): Promise<void>;
  update(email: string, fields: ProfileUpdate): Promise<Profile>;
  uploadAvatar(file: File): Promise<Profile>;
  addReading(entry: NewReadingEntry): Promise<CurrentlyReading>;
  removeReading(entry: CurrentlyReading): Promise<void>;
}

function withReading(users: UserListEntry[], ownerId: string, change: (reading: CurrentlyReading[]) => CurrentlyReading[]): UserListEntry[] {
  return users.map((user) => (user.userId === ownerId ? { ...user, currentlyReading: change(user.currentlyReading) } : user));
}

export const useUsersStore = create<UsersState>()((set, get) => ({
  users: [],
  status: 'idle',
  error: null,

  async load() {
    // A list already shown stays on screen while it refreshes.
    set({ status: get().status === 'ready' ? 'ready' : 'loading', error: null });
    try {
      set({ users: await usersService.list(), status: 'ready' });
    } catch (error) {
      console.error(error);
      set({ status: 'failed', error });
    }
  },

  clear() {
    set({ users: [], status: 'idle', error: null });
  },

  profileChanged(profile) {
    const users = get().users;
    const known = users.some((user) => user.userId === profile.userId);
    set({
      users: known
        ? users.map((user) => (user.userId === profile.userId ? { ...profile, currentlyReading: user.currentlyReading } : user))
        : [...users, { ...profile, currentlyReading: [] }],
    });
  },

  async adopt(profile) {
    if (get().users.some((user) => user.userId === profile.userId)) return;
    const reading = (await usersService.currentlyReading()).filter((entry) => entry.ownerId === profile.userId);
    if (get().users.some((user) => user.userId === profile.userId)) return;
    set({ users: [...get().users, { ...profile, currentlyReading: reading }] });
  },

  async update(email, fields) {
    const profile = await usersService.update(email, fields);
    get().profileChanged(profile);
    return profile;
  },

  async uploadAvatar(file) {
    const profile = await usersService.uploadAvatar(file);
    get().profileChanged(profile);
    return profile;
  },

  async addReading(entry) {
    const added = await usersService.addReading(entry);
    set({ users: withReading(get().users, added.ownerId, (reading) => [...reading.filter((r) => r.entryId !== added.entryId), added]) });
    return added;
  },

  async removeReading(entry) {
    await usersService.removeReading(entry.entryId);
    set({ users: withReading(get().users, entry.ownerId, (reading) => reading.filter((r) => r.entryId !== entry.entryId)) });
  },
}));
