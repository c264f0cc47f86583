import type { QueryClient } from '@tanstack/react-query';
import type { LoginResponse, Profile } from '../../../shared/api/accounts';
import { api, onUnauthorized } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';
import { liveUpdates, type LiveUpdates } from '../../lib/live-updates';
import { notifyNotice } from '../../lib/notify';
import { queryClient as appQueryClient } from '../../lib/query-client';
import { featureKey } from '../../lib/query-keys';
import { sessionEndHandler } from '../../lib/session-end';
import { useSessionStore } from '../../store/session-store';
import { useLoginForm } from './login-form.store';

/**
 * Signing in and out. A session is the token this browser keeps (store/session-store.ts), the live-update
 * connection that comes with it, and the members-only data in the query cache, which goes with it.
 */
export function createSession(queryClient: QueryClient = appQueryClient, updates: LiveUpdates = liveUpdates) {
  /** What the member saw as a member goes; home is read again as a visitor sees it. */
  function forgetMemberData(): void {
    void queryClient.cancelQueries();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== featureKey('home')[0] });
    void queryClient.invalidateQueries({ queryKey: featureKey('home') });
  }

  function logout(): void {
    updates.stop();
    useSessionStore.getState().signedOut();
    forgetMemberData();
  }

  /**
   * The server stopped accepting `token` (password reset, account disabled, expired): when it is still
   * the app's, sign out as logout does, say so once, and open the login form with the member's email.
   */
  const sessionEnded = sessionEndHandler({
    currentToken: () => useSessionStore.getState().token,
    signOut() {
      const email = useSessionStore.getState().myProfile?.email;
      logout();
      useLoginForm.getState().show(email);
    },
    notify: () => notifyNotice(i18n.t('common:session.ended'), 'session-ended'),
  });

  /** A session the server issued (a login, the demo club's one-click sign-in) becomes this browser's. */
  async function signedIn({ token, ...profile }: LoginResponse): Promise<Profile> {
    // Whoever was signed in here before goes first, with what they saw.
    if (useSessionStore.getState().token) logout();
    useSessionStore.getState().signedIn(token, profile);
    updates.start(token);
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== featureKey('home')[0] });
    await queryClient.refetchQueries({ queryKey: featureKey('home') });
    return profile;
  }

  return {
    /** At start: the stored token's session, if it is still good (a revoked one starts a visitor). */
    async restore(): Promise<void> {
      const token = useSessionStore.getState().token;
      if (!token) return;
      try {
        const profile = await api.accounts.context();
        useSessionStore.getState().setProfile(profile);
        updates.start(token);
      } catch {
        // An expired or revoked token: start as a visitor (the 401 already ended the session).
      }
    },

    /** Signs in, connects live updates and reads everything again as this member; answers their profile once home has. */
    async login(email: string, password: string): Promise<Profile> {
      return signedIn(await api.accounts.login({ body: { email, password } }));
    },

    signedIn,

    logout,
    sessionEnded,

    /** A 401 from the API or the hub refusing the token ends the session. */
    followSessionEnd(): void {
      onUnauthorized(sessionEnded);
      updates.onRefused(sessionEnded);
    },
  };
}

/** The app's session. */
export const session = createSession();
export const { login, logout } = session;
/** Takes a session the server issued (the demo club's one-click sign-in). */
export const signedIn = (response: LoginResponse) => session.signedIn(response);
