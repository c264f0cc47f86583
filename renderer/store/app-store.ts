import { create } from 'zustand';
import type { Profile } from '../../shared/api/accounts';
import type { Book } from '../../shared/api/books';
import type { Discussion } from '../../shared/api/discussions';
import type { CurrentDiscussionSummary, CurrentPollSummary } from '../../shared/api/home';
import { DEFAULT_LANGUAGE, DEFAULT_SITE_NAME, isLanguage, type Language } from '../../shared/constants';
import { HUB_EVENTS } from '../../shared/events';
import { onUnauthorized } from '../lib/api-client';
import { liveUpdates } from '../lib/live-updates';
import { i18n, initialLanguage } from '../lib/i18n';
import { notifyNotice } from '../lib/notify';
import { sessionEndHandler } from '../lib/session-end';
import { storage } from '../lib/storage';
import { homeService } from '../features/home/home.service';
import { useLoginForm } from '../features/session/login-form.store';
import { sessionService } from '../features/session/session.service';
import { usersQuery } from '../features/users/queries';
import { queryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { usersService } from '../features/users/users.service';

/** The club-wide state every screen may read (SPEC section 3, "Global state"). */
export interface AppState {
  siteName: string;
  matrixRoomLink: string | null;
  myProfile: Profile | null;
  token: string | null;
  currentBook: Book | null;
  books: Book[];
  noticeboardHtml: string | null;
  currentPoll: CurrentPollSummary | null;
  currentDiscussion: CurrentDiscussionSummary | null;
  language: Language;
  needsSetup: boolean;
  /** While the club needs setup: this browser is on another machine, so setup asks for the server's setup code. */
  setupNeedsCode: boolean;
  /** False until the first home load (and session restore) has answered. */
  ready: boolean;

  start(): Promise<void>;
  loadHome(): Promise<void>;
  login(email: string, password: string): Promise<Profile>;
  logout(): void;
  /**
   * The server stopped accepting `token` (password reset, account disabled, expired): when it is still the
   * app's, sign out as logout does, say so once, and open the login form with the member's email.
   */
  sessionEnded(token: string): void;
  setLanguage(language: Language): Promise<void>;
  /** The member's choice: switches the interface and, when signed in, saves it to their account. */
  chooseLanguage(language: Language): Promise<void>;
  /** The member's own profile changed (saved, new avatar, language): the header and home show it. */
  profileChanged(profile: Profile): void;
  /** A DiscussionChanged push (SPEC section 4): the shown copy is replaced; an open one becomes current. */
  discussionChanged(discussion: Discussion): void;
}

const hub = liveUpdates;

export const useAppStore = create<AppState>()((set, get) => ({
  siteName: storage.get('siteName') ?? DEFAULT_SITE_NAME,
  matrixRoomLink: storage.get('matrixRoomLink'),
  myProfile: null,
  token: storage.get('token'),
  currentBook: null,
  books: [],
  noticeboardHtml: null,
  currentPoll: null,
  currentDiscussion: null,
  language: initialLanguage(),
  needsSetup: false,
  setupNeedsCode: false,
  ready: false,

  /** At start: restore the session from the stored token, then load the home data. */
  async start() {
    const token = get().token;
    if (token) {
      try {
        set({ myProfile: await sessionService.context() });
        hub.start(token);
        // Signed in: the member list comes with the session (SPEC section 4).
        void queryClient.prefetchQuery(usersQuery);
      } catch {
        // An expired or revoked token: start as a visitor (onUnauthorized already cleared it).
      }
    }
    await get().loadHome();
    set({ ready: true });
  },

  async loadHome() {
    const home = await homeService.load();
    storage.set('siteName', home.siteName);
    storage.set('matrixRoomLink', home.matrixRoomLink);
    set({
      siteName: home.siteName,
      matrixRoomLink: home.matrixRoomLink,
      books: home.books,
      currentBook: home.books[0] ?? null,
      noticeboardHtml: home.notice,
      currentPoll: home.currentPoll,
      currentDiscussion: home.currentDiscussion,
      needsSetup: home.needsSetup,
      setupNeedsCode: home.needsSetup && home.setupNeedsCode,
      myProfile: home.myProfile ?? (get().token ? get().myProfile : null),
    });
    // The member's own language wins; else what this browser chose; else the club's default.
    const preferred = home.myProfile?.language ?? storage.get('language') ?? home.defaultLanguage;
    await get().setLanguage(isLanguage(preferred) ? preferred : DEFAULT_LANGUAGE);
  },

  async login(email, password) {
    const { token, ...profile } = await sessionService.login({ email, password });
    storage.set('token', token);
    set({ token, myProfile: profile });
    hub.start(token);
    void queryClient.prefetchQuery(usersQuery);
    await get().loadHome();
    return profile;
  },

  logout() {
    hub.stop();
    storage.set('token', null);
    queryClient.removeQueries({ queryKey: queryKeys.users.all });
    set({ token: null, myProfile: null, books: [], currentBook: null, noticeboardHtml: null, currentPoll: null, currentDiscussion: null });
  },

  sessionEnded: sessionEndHandler({
    currentToken: () => get().token,
    signOut() {
      const email = get().myProfile?.email;
      get().logout();
      useLoginForm.getState().show(email);
    },
    notify: () => notifyNotice(i18n.t('common:session.ended'), 'session-ended'),
  }),

  discussionChanged(discussion) {
    const current = get().currentDiscussion;
    if (!discussion.isClosed) {
      // The latest open discussion is the club's current one (a newer round's wins over an older).
      if (!current || current.discussionId <= discussion.discussionId) {
        const { discussionId, title, topic, isClosed } = discussion;
        set({ currentDiscussion: { discussionId, title, topic, isClosed } });
      }
    } else if (current?.discussionId === discussion.discussionId) {
      // Closed into a poll: home's current discussion and poll both change.
      set({ currentDiscussion: null });
      void get().loadHome().catch((error) => console.error('Could not refresh the club', error));
    }
  },

  profileChanged(profile) {
    if (get().myProfile?.userId === profile.userId) set({ myProfile: profile });
  },

  async chooseLanguage(language) {
    if (get().token) get().profileChanged(await usersService.setLanguage(language));
    await get().setLanguage(language);
  },

  async setLanguage(language) {
    storage.set('language', language);
    document.documentElement.lang = language;
    set({ language });
    if (i18n.language !== language) await i18n.changeLanguage(language);
  },
}));

onUnauthorized((token) => useAppStore.getState().sessionEnded(token));
liveUpdates.onRefused((token) => useAppStore.getState().sessionEnded(token));
liveUpdates.on(HUB_EVENTS.discussionChanged, (discussion) => useAppStore.getState().discussionChanged(discussion));

export const selectIsSignedIn = (state: AppState) => state.token !== null;
export const selectIsModerator = (state: AppState) => !!state.myProfile?.isModerator;
