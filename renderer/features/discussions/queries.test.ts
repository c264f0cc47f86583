import { MutationObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../shared/api';
import type { Discussion, Post } from '../../../shared/api/discussions';
import { createLiveUpdates } from '../../lib/live-updates';
import { routeKey } from '../../lib/query-keys';
import { deferred, server, testQueryClient } from '../../test-support/fake-api';

vi.mock('../../lib/api-client', () => import('../../test-support/fake-api'));

const { addPostMutation, closeDiscussionMutation, discussionQuery } = await import('./queries');
const { followDiscussionChanges } = await import('./follow-changes');

const post = (postId: number, title: string) => ({ postId, discussionId: 1, title }) as Post;
const discussion = (overrides: Partial<Discussion> = {}): Discussion =>
  ({ discussionId: 1, roundId: 1, title: 'Winter reads', topic: 'Books', isClosed: false, pollId: null, posts: [], ...overrides }) as Discussion;

let queryClient = testQueryClient();
let updates = createLiveUpdates();
const shown = (discussionId = 1) => queryClient.getQueryData(discussionQuery(discussionId).queryKey);

beforeEach(async () => {
  server.reset();
  queryClient = testQueryClient();
  updates = createLiveUpdates();
  followDiscussionChanges(queryClient, updates);
  server.on(API.discussions.get, () => discussion());
  await queryClient.fetchQuery(discussionQuery(1));
});

describe('the discussion on screen', () => {
  it('is replaced whole by a push for it, and not by a push for another', () => {
    updates.emit('DiscussionChanged', discussion({ discussionId: 2, title: 'Other' }));
    expect(shown()?.title).toBe('Winter reads');
    expect(shown(2)).toBeUndefined();
    updates.emit('DiscussionChanged', discussion({ posts: [post(5, 'Solaris')] }));
    expect(shown()?.posts.map((p) => p.title)).toEqual(['Solaris']);
  });

  it('keeps a new post once, whether the push or the answer comes first', async () => {
    server.on(API.discussions.addPost, () => {
      updates.emit('DiscussionChanged', discussion({ posts: [post(5, 'Solaris')] }));
      return post(5, 'Solaris');
    });
    await new MutationObserver(queryClient, addPostMutation(queryClient, 1)).mutate({ title: 'Solaris' } as never);
    expect(shown()?.posts).toHaveLength(1);
  });

  it('never shows an answer for a discussion the member has already left in the one they went to', async () => {
    const late = deferred<Discussion>();
    server.on(API.discussions.get, ({ params }) => (params.discussionId === '3' ? late.promise : discussion({ discussionId: 2, title: 'Second' })));
    const first = queryClient.fetchQuery(discussionQuery(3));
    await queryClient.fetchQuery(discussionQuery(2));
    late.resolve(discussion({ discussionId: 3 }));
    await first;
    expect(shown(2)?.title).toBe('Second');
  });

  it('shows itself closed, with its poll, once a moderator closes it, and has the rounds and home read again', async () => {
    queryClient.setQueryData(routeKey('rounds', 'list'), []);
    server.on(API.rounds.closeDiscussion, () => ({ discussion: discussion({ isClosed: true, pollId: 9 }), poll: null, round: null, book: null }));
    await new MutationObserver(queryClient, closeDiscussionMutation(queryClient, 1)).mutate();
    expect(shown()).toMatchObject({ isClosed: true, pollId: 9 });
    expect(queryClient.getQueryState(routeKey('rounds', 'list'))?.isInvalidated).toBe(true);
  });
});
