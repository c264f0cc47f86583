import type { QueryClient } from '@tanstack/react-query';
import { followDatePollChanges } from './features/date-polls/follow-changes';
import { followDiscussionChanges } from './features/discussions/follow-changes';
import { followMeetingNightChanges } from './features/meeting-night/follow-changes';
import { followMeetingChanges } from './features/meetings/follow-changes';
import { followPollChanges } from './features/polls/follow-changes';
import { followReadingPlanChanges } from './features/reading-plan/follow-changes';
import { followRoundChanges } from './features/rounds/follow-changes';

/**
 * The features that follow live updates to patch their data: discussions, rounds, polls, meetings, the
 * meeting night, the reading plan and date polls. Their code is not needed to draw the first page, only before the hub connects
 * (app-start.ts), so it loads beside the first page rather than in its script.
 */
export function followLiveChanges(queryClient: QueryClient): void {
  followDiscussionChanges(queryClient);
  followRoundChanges(queryClient);
  followPollChanges(queryClient);
  followMeetingChanges(queryClient);
  followMeetingNightChanges(queryClient);
  followReadingPlanChanges(queryClient);
  followDatePollChanges(queryClient);
}
