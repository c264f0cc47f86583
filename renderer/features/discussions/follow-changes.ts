import type { QueryClient } from '@tanstack/react-query';
import type { Discussion } from '../../../shared/api/discussions';
import { HUB_EVENTS } from '../../../shared/events';
import { liveUpdates, type LiveUpdates } from '../../lib/live-updates';
import { routeKey } from '../../lib/query-keys';

/**
 * A DiscussionChanged push (SPEC section 4) replaces the cached copy whole, if one is kept (shown or loading).
 * Joined at start (app-start.ts), apart from queries.ts, so the first page's download holds only this.
 */
export function followDiscussionChanges(queryClient: QueryClient, updates: LiveUpdates = liveUpdates): () => void {
  return updates.on(HUB_EVENTS.discussionChanged, (discussion) => {
    const queryKey = routeKey('discussions', 'get', { params: { discussionId: discussion.discussionId } });
    if (queryClient.getQueryCache().find({ queryKey, exact: true })) queryClient.setQueryData<Discussion>(queryKey, discussion);
  });
}
