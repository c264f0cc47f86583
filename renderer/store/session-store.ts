import { create } from 'zustand';
import type { Profile } from '../../shared/api/accounts';
import { storage } from '../lib/storage';

/**
 * Who is signed in here: the token this browser keeps and the member's own profile. Every part of the
 * app may read it (the header, the login guard, moderators' controls); signing in and out, and a session
 * the server ended, are in features/session.
 */
export interface SessionState {
  token: string | null;
  myProfile: Profile | null;
  /** False until the session is restored and the club's home has answered once. */
  ready: boolean;
  signedIn(token: string, profile: Profile): void;
  signedOut(): void;
  /** The member's own profile changed (saved, new avatar, language): the header and home show it. */
  profileChanged(profile: Profile): void;
  /** The profile the server says this session has (home answers it with the member's data). */
  setProfile(profile: Profile | null): void;
  markReady(): void;
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  token: storage.get('token'),
  myProfile: null,
  ready: false,

  signedIn(token, profile) {
    storage.set('token', token);
    set({ token, myProfile: profile });
  },

  signedOut() {
    storage.set('token', null);
    set({ token: null, myProfile: null });
  },

  profileChanged(profile) {
    if (get().myProfile?.userId === profile.userId) set({ myProfile: profile });
  },

  setProfile(profile) {
    set({ myProfile: profile });
  },

  markReady() {
    set({ ready: true });
  },
}));

export const selectIsSignedIn = (state: SessionState) => state.token !== null;
export const selectIsModerator = (state: SessionState) => !!state.myProfile?.isModerator;
