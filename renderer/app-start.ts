import type { QueryClient } from '@tanstack/react-query';
import { followHomeChanges, homeQuery } from './features/home/queries';
import { session } from './features/session/session';
import { useSessionStore } from './store/session-store';

/** The features following live updates, once their code has loaded (connectApp starts loading it). */
let following: Promise<void> = Promise.resolve();

/**
 * Joins the features once, at start: each follows the live updates that change its data, and the session
 * follows the server ending it. The member list is not read ahead: it is read a page at a time where it is
 * shown (a club of a thousand would have every start download all of it). The features other than home
 * follow from a chunk of their own (live-followers.ts), loaded beside the first page.
 */
export function connectApp(queryClient: QueryClient): void {
  following = import('./live-followers').then(
    ({ followLiveChanges }) => followLiveChanges(queryClient),
    // The chunk could not load (the host went away a moment): the club works, its pages are only not live.
    (error: unknown) => console.error('Live updates cannot be followed', error),
  );
  followHomeChanges(queryClient);
  session.followSessionEnd();
}

/**
 * At start: restore the session from the stored token, then have home answer once; the app is ready. The
 * session is restored once the features follow live updates: restoring it connects the hub, and an event
 * heard before they listen would be lost to them.
 */
export async function startClub(queryClient: QueryClient): Promise<void> {
  await following;
  await session.restore();
  await queryClient.ensureQueryData(homeQuery);
  useSessionStore.getState().markReady();
}
