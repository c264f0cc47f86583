import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Discussion, Post } from '../../../shared/api/discussions';
import type { RunnerUp } from '../../../shared/api/runners-up';
import { pitchesAgain } from '../../../shared/rules';
import { api } from '../../lib/api-client';
import { routeKey } from '../../lib/query-keys';
import { withPost } from './follow-changes';
import { discussionQuery } from './queries';

export function runnersUpQuery(discussionId: number) {
  return queryOptions({
    queryKey: routeKey('runnersUp', 'get', { params: { discussionId } }),
    queryFn: ({ signal }) => api.runnersUp.get({ params: { discussionId }, signal }),
    // Last round is over: its runners-up change only when one is pitched again, which the discussion shows.
    staleTime: 5 * 60_000,
  });
}

/** Last round's runners-up, asked only for an open Books discussion (the only place they can be pitched). */
export function useRunnersUp(discussion: Pick<Discussion, 'discussionId' | 'topic' | 'isClosed'>) {
  return useQuery({ ...runnersUpQuery(discussion.discussionId), enabled: discussion.topic === 'Books' && !discussion.isClosed });
}

/**
 * Its owner's repost of a runner-up in this discussion, if there is one. Read from the discussion as shown,
 * which live updates keep current, so a pitch by its owner elsewhere shows at once.
 */
export function pitchedAgain(runnerUp: RunnerUp, posts: readonly Post[]): Post | null {
  return posts.find((post) => pitchesAgain(post, runnerUp.post)) ?? null;
}

/** One click pitches a runner-up again: a repost with its own fields, linked to it. */
export function usePitchAgain(discussionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: Post) =>
      api.discussions.addPost({
        params: { discussionId },
        body: {
          title: post.title,
          author: post.author,
          pageCount: post.pageCount,
          year: post.year,
          url: post.url,
          imageUrl: post.imageUrl,
          text: post.text,
          parentPostId: post.postId,
        },
      }),
    onSuccess: (repost) => {
      queryClient.setQueryData(discussionQuery(discussionId).queryKey, (discussion) => discussion && withPost(discussion, repost));
      void queryClient.invalidateQueries({ queryKey: routeKey('runnersUp', 'get', { params: { discussionId } }) });
    },
  });
}
