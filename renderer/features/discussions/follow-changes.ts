import type { QueryClient } from '@tanstack/react-query';
import type { Discussion, Post } from '../../../shared/api/discussions';
import { DELTA_EVENTS } from '../../../shared/events';
import { applyVersioned, liveUpdates, type LiveUpdates } from '../../lib/live-updates';
import { featureKey, routeKey } from '../../lib/query-keys';

/** The post in the list, replaced when it is there, added at the end when not (the push may come first). */
export function withPost(discussion: Discussion, post: Post): Discussion {
  const known = discussion.posts.some((p) => p.postId === post.postId);
  return {
    ...discussion,
    posts: known ? discussion.posts.map((p) => (p.postId === post.postId ? post : p)) : [...discussion.posts, post],
  };
}

/**
 * Live changes to a discussion patch its cached copy, if one is kept (shown or loading): a post added,
 * edited or removed, the discussion opened or closed (shared/events.ts); a missed change, or the connection
 * coming back, reads it again. Joined at start (app-start.ts), apart from queries.ts, so the first page's
 * download holds only this.
 */
export function followDiscussionChanges(queryClient: QueryClient, updates: LiveUpdates = liveUpdates): () => void {
  const change = (discussionId: number, event: { version: number }, apply: (discussion: Discussion) => Discussion) =>
    applyVersioned<Discussion>(
      queryClient,
      routeKey('discussions', 'get', { params: { discussionId } }),
      event,
      (discussion) => discussion.version,
      (discussion) => ({ ...apply(discussion), version: event.version }),
    );
  const unsubscribe = [
    updates.on(DELTA_EVENTS.postAdded, (event) => change(event.discussionId, event, (d) => withPost(d, event.post))),
    updates.on(DELTA_EVENTS.postChanged, (event) => change(event.discussionId, event, (d) => withPost(d, event.post))),
    updates.on(DELTA_EVENTS.postRemoved, (event) =>
      change(event.discussionId, event, (d) => ({ ...d, posts: d.posts.filter((p) => p.postId !== event.postId) })),
    ),
    updates.on(DELTA_EVENTS.discussionUpdated, (state) => change(state.discussionId, state, (d) => ({ ...d, ...state }))),
    // The runners-up are the discussion's too (a closed poll decides which suggestions are left over).
    updates.onReconnected(() => {
      for (const queryKey of [featureKey('discussions'), featureKey('runnersUp')]) void queryClient.invalidateQueries({ queryKey });
    }),
  ];
  return () => unsubscribe.forEach((stop) => stop());
}
