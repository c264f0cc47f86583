import type { QueryClient } from '@tanstack/react-query';
import { followDiscussionChanges } from './features/discussions/queries';
import { followHomeChanges, homeQuery } from './features/home/queries';
import { followRoundChanges } from './features/rounds/queries';
import { session } from './features/session/session';
import { usersQuery } from './features/users/queries';
import { useSessionStore } from './store/session-store';

/**
 * Joins the features once, at start: each follows the live updates that change its data, the session
 * follows the server ending it, and the member list comes with every sign-in (SPEC section 4).
 */
export function connectApp(queryClient: QueryClient): void {
  followDiscussionChanges(queryClient);
  followRoundChanges(queryClient);
  followHomeChanges(queryClient);
  session.followSessionEnd();
  useSessionStore.subscribe((state, previous) => {
    if (state.token && state.token !== previous.token) void queryClient.prefetchQuery(usersQuery);
  });
}

/** At start: restore the session from the stored token, then have home answer once; the app is ready. */
export async function startClub(queryClient: QueryClient): Promise<void> {
  await session.restore();
  if (useSessionStore.getState().token) void queryClient.prefetchQuery(usersQuery);
  await queryClient.ensureQueryData(homeQuery);
  useSessionStore.getState().markReady();
}
