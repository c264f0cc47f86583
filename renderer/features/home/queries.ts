import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { HomeData } from '../../../shared/api/home';
import { DEFAULT_LANGUAGE, DEFAULT_SITE_NAME, isLanguage } from '../../../shared/constants';
import { DELTA_EVENTS } from '../../../shared/events';
import { spoilerBookOfPost } from '../../../shared/spoiler-fold';
import { api } from '../../lib/api-client';
import { liveUpdates, type LiveUpdates } from '../../lib/live-updates';
import { featureKey, routeKey } from '../../lib/query-keys';
import { storage } from '../../lib/storage';
import { useLanguageStore } from '../../store/language-store';
import { useSessionStore } from '../../store/session-store';

/** What home's answer settles for the whole app: the club's name, who this session is, the language. */
async function applyHome(home: HomeData): Promise<void> {
  // Kept for the next start, so the header has the club's name before home answers.
  storage.set('siteName', home.siteName);
  storage.set('matrixRoomLink', home.matrixRoomLink);
  const session = useSessionStore.getState();
  session.setProfile(home.myProfile ?? (session.token ? session.myProfile : null));
  // The member's own language wins; else what this browser chose; else the club's default.
  const preferred = home.myProfile?.language ?? storage.get('language') ?? home.defaultLanguage;
  await useLanguageStore.getState().setLanguage(isLanguage(preferred) ? preferred : DEFAULT_LANGUAGE);
}

/**
 * The club as home shows it (GET /api/home): the books (the first is the one read now), the noticeboard,
 * the current discussion and poll, and whether the club still needs its setup. Members get the
 * members-only parts. Many screens read a part of it (the club's name, the current discussion), so it is
 * not read again each time one of them appears: only when something changed it (signing in or out, a
 * discussion or poll closed, the noticeboard saved, a push) and on every visit to the member's home.
 */
export const homeQuery = queryOptions({
  queryKey: routeKey('home', 'get'),
  queryFn: async ({ signal }) => {
    const home = await api.home.get({ signal });
    await applyHome(home);
    return home;
  },
  staleTime: Infinity,
});

export function useHome() {
  return useQuery(homeQuery);
}

/** The member's home: coming back to it shows the club as it is now (a book chosen, a vote opened), without a reload. */
export function useHomeVisit() {
  return useQuery({ ...homeQuery, refetchOnMount: 'always' });
}

/** The club's name: home's, or the one this browser kept from the last time. */
export function useSiteName(): string {
  const siteName = useQuery({ ...homeQuery, select: (home) => home.siteName }).data;
  return siteName ?? storage.get('siteName') ?? DEFAULT_SITE_NAME;
}

/** The discussion members are suggesting in now (reposts and recommendations go there). */
export function useCurrentDiscussion() {
  return useQuery({ ...homeQuery, select: (home) => home.currentDiscussion }).data ?? null;
}

/** Whether members may look books up on Open Library (the host may have turned it off). */
export function useBookLookupOn(): boolean {
  return useQuery({ ...homeQuery, select: (home) => home.bookLookup }).data ?? false;
}

/** The book the club reads now (the newest), or null before the club has one: what a suggestion's spoiler mark is about. */
export function useCurrentBookId(): number | null {
  return useQuery({ ...homeQuery, select: (home) => spoilerBookOfPost(home.books) }).data ?? null;
}

/** While the club needs setup: this browser is on another machine, so setup asks for the server's setup code. */
export function useSetupNeedsCode(): boolean {
  return useQuery({ ...homeQuery, select: (home) => home.needsSetup && home.setupNeedsCode }).data ?? false;
}

/** Reads home again now (after setup, or a change home shows), resolving once it has answered. */
export function useRefreshHome(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.refetchQueries({ queryKey: homeQuery.queryKey });
}

/**
 * A discussion opened or closed (SPEC section 4): the latest open discussion becomes home's current one (a
 * newer round's wins over an older); when the current one closes into a poll, home is read again for the
 * poll, as it is when the connection comes back after a drop.
 */
export function followHomeChanges(queryClient: QueryClient, updates: LiveUpdates = liveUpdates): () => void {
  const stopReading = updates.onReconnected(() => void queryClient.invalidateQueries({ queryKey: featureKey('home') }));
  const stopFollowing = updates.on(DELTA_EVENTS.discussionUpdated, (discussion) => {
    const current = queryClient.getQueryData(homeQuery.queryKey)?.currentDiscussion ?? null;
    if (!discussion.isClosed) {
      if (!current || current.discussionId <= discussion.discussionId) {
        const { discussionId, title, topic, isClosed } = discussion;
        queryClient.setQueryData(homeQuery.queryKey, (home) => home && { ...home, currentDiscussion: { discussionId, title, topic, isClosed } });
      }
    } else if (current?.discussionId === discussion.discussionId) {
      queryClient.setQueryData(homeQuery.queryKey, (home) => home && { ...home, currentDiscussion: null });
      void queryClient.refetchQueries({ queryKey: homeQuery.queryKey });
    }
  });
  return () => {
    stopReading();
    stopFollowing();
  };
}
