import type { QueryClient } from '@tanstack/react-query';
import { followDiscussionChanges } from './features/discussions/follow-changes';
import { followHomeChanges, homeQuery } from './features/home/queries';
import { followMeetingChanges } from './features/meetings/follow-changes';
import { followPollChanges } from './features/polls/follow-changes';
import { followRoundChanges } from './features/rounds/follow-changes';
import { session } from './features/session/session';
import { useSessionStore } from './store/session-store';

/**
 * The member list, read ahead for a signed-in member. Its code (the members feature's queries) is fetched
 * with it rather than with the first page: a visitor never needs it.
 */
function prefetchMembers(queryClient: QueryClient): void {
  void import('./features/users/queries').then(
    (users) => users && queryClient.prefetchQuery(users.usersQuery),
    (error: unknown) => console.warn('Could not read the members ahead', error),
  );
}

/**
 * Joins the features once, at start: each follows the live updates that change its data, the session
 * follows the server ending it, and the member list comes with every sign-in (SPEC section 4).
 */
export function connectApp(queryClient: QueryClient): void {
  followDiscussionChanges(queryClient);
  followRoundChanges(queryClient);
  followPollChanges(queryClient);
  followHomeChanges(queryClient);
  followMeetingChanges(queryClient);
  session.followSessionEnd();
  useSessionStore.subscribe((state, previous) => {
    if (state.token && state.token !== previous.token) prefetchMembers(queryClient);
  });
}

/** At start: restore the session from the stored token, then have home answer once; the app is ready. */
export async function startClub(queryClient: QueryClient): Promise<void> {
  await session.restore();
  if (useSessionStore.getState().token) prefetchMembers(queryClient);
  await queryClient.ensureQueryData(homeQuery);
  useSessionStore.getState().markReady();
}
