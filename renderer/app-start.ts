import type { QueryClient } from '@tanstack/react-query';
import { followDiscussionChanges } from './features/discussions/follow-changes';
import { followHomeChanges, homeQuery } from './features/home/queries';
import { followMeetingChanges } from './features/meetings/follow-changes';
import { followPollChanges } from './features/polls/follow-changes';
import { followRoundChanges } from './features/rounds/follow-changes';
import { session } from './features/session/session';
import { useSessionStore } from './store/session-store';

/**
 * Joins the features once, at start: each follows the live updates that change its data, and the session
 * follows the server ending it. The member list is not read ahead: it is read a page at a time where it is
 * shown (a club of a thousand would have every start download all of it).
 */
export function connectApp(queryClient: QueryClient): void {
  followDiscussionChanges(queryClient);
  followRoundChanges(queryClient);
  followPollChanges(queryClient);
  followHomeChanges(queryClient);
  followMeetingChanges(queryClient);
  session.followSessionEnd();
}

/** At start: restore the session from the stored token, then have home answer once; the app is ready. */
export async function startClub(queryClient: QueryClient): Promise<void> {
  await session.restore();
  await queryClient.ensureQueryData(homeQuery);
  useSessionStore.getState().markReady();
}
