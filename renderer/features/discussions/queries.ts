import { keepPreviousData, mutationOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Post, PostFields } from '../../../shared/api/discussions';
import type { VotingMethod } from '../../../shared/api/poll';
import { api } from '../../lib/api-client';
import { featureKey, routeKey } from '../../lib/query-keys';
import { routeQuery } from '../../lib/route-query';
import { withPost } from './follow-changes';

/** A discussion with all its posts; live updates patch it (follow-changes.ts). */
export function discussionQuery(discussionId: number) {
  return routeQuery('discussions', 'get', { params: { discussionId } });
}

export function useDiscussion(discussionId: number) {
  return useQuery(discussionQuery(discussionId));
}

function keepPost(queryClient: QueryClient, post: Post): void {
  queryClient.setQueryData(discussionQuery(post.discussionId).queryKey, (discussion) => discussion && withPost(discussion, post));
}

/** A new suggestion in the discussion; answers the created post. */
export function addPostMutation(queryClient: QueryClient, discussionId: number) {
  return mutationOptions({
    mutationFn: (fields: PostFields) => api.discussions.addPost({ params: { discussionId }, body: fields }),
    onSuccess: (post) => keepPost(queryClient, post),
  });
}

/** An edit of one of its posts (owners their own, moderators any). */
export function updatePostMutation(queryClient: QueryClient, discussionId: number) {
  return mutationOptions({
    mutationFn: ({ postId, fields }: { postId: number; fields: PostFields }) =>
      api.discussions.editPost({ params: { discussionId }, body: { ...fields, postId } }),
    onSuccess: (post) => keepPost(queryClient, post),
  });
}

/**
 * Closes the discussion and opens its poll (moderators), with the poll's deadline and voting method if given
 * (approval unless ranked). It shows itself closed with its poll at once; the round and home (whose current
 * discussion became a poll) are read again.
 */
export function closeDiscussionMutation(queryClient: QueryClient, discussionId: number) {
  return mutationOptions({
    mutationFn: (body: { closesAt: string | null; votingMethod?: VotingMethod } | void) =>
      api.rounds.closeDiscussion({ params: { discussionId }, body: body ?? { closesAt: null } }),
    onSuccess: (update) => {
      const closed = update.discussion;
      if (closed) {
        queryClient.setQueryData(discussionQuery(closed.discussionId).queryKey, (shown) => shown && { ...closed, posts: closed.posts ?? shown.posts });
      }
      void queryClient.invalidateQueries({ queryKey: featureKey('rounds') });
      void queryClient.invalidateQueries({ queryKey: featureKey('home') });
    },
  });
}

export function useAddPost(discussionId: number) {
  return useMutation(addPostMutation(useQueryClient(), discussionId));
}

export function useUpdatePost(discussionId: number) {
  return useMutation(updatePostMutation(useQueryClient(), discussionId));
}

export function useCloseDiscussion(discussionId: number) {
  return useMutation(closeDiscussionMutation(useQueryClient(), discussionId));
}

/**
 * Markdown as the server renders it (PUT /api/discussions/preview), the renderer that keeps posts. The same
 * text renders the same way, so an answer is kept; while the next one comes, the last one stays shown.
 */
export function usePreview(text: string, enabled: boolean) {
  return useQuery({
    queryKey: routeKey('discussions', 'preview', { body: { text } }),
    queryFn: ({ signal }) => api.discussions.preview({ body: { text }, signal }),
    enabled: enabled && text.trim() !== '',
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}
