import { EventEmitter } from 'node:events';
import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
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
  ({ discussionId: 1, roundId: 1, title: 'Winter reads', topic: 'Books', isClosed: false, pollId: null, version: 0, posts: [], ...overrides }) as Discussion;
const added = (postId: number, title: string, version: number) => ({ discussionId: 1, version, post: post(postId, title) });

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
  it('takes in a post added or edited and the discussion closing, each the next change; a push for another discussion leaves it alone', () => {
    updates.emit('PostAdded', { ...added(5, 'Other', 1), discussionId: 2 });
    expect(shown(2)).toBeUndefined();
    updates.emit('PostAdded', added(5, 'Solaris', 1));
    updates.emit('PostAdded', added(6, 'Dune', 2));
    updates.emit('PostChanged', added(5, 'Solaris (1961)', 3));
    const { posts: _posts, ...closed } = discussion({ isClosed: true, pollId: 4, version: 4 });
    updates.emit('DiscussionUpdated', closed);
    expect(shown()).toEqual(discussion({ posts: [post(5, 'Solaris (1961)'), post(6, 'Dune')], isClosed: true, pollId: 4, version: 4 }));
    updates.emit('PostRemoved', { discussionId: 1, version: 5, postId: 6 });
    expect(shown()?.posts.map((p) => p.title)).toEqual(['Solaris (1961)']);
    expect(server.callsOf(API.discussions.get)).toHaveLength(1);
  });

  it('ignores a change it has already, and reads itself again when one was missed', async () => {
    const onScreen = new QueryObserver(queryClient, discussionQuery(1)).subscribe(() => {});
    server.on(API.discussions.get, () => discussion({ version: 3, posts: [post(5, 'Solaris'), post(6, 'Dune')] }));
    updates.emit('PostAdded', added(5, 'Solaris', 2));
    await vi.waitFor(() => expect(shown()?.version).toBe(3));
    const reads = server.callsOf(API.discussions.get).length;
    updates.emit('PostAdded', added(6, 'Dune', 3));
    expect(shown()?.posts).toHaveLength(2);
    expect(server.callsOf(API.discussions.get)).toHaveLength(reads);
    onScreen();
  });

  it('a change that comes while it is being read waits for the read: applied over an older copy, ignored by one that has it', async () => {
    for (const readVersion of [0, 1]) {
      const read = deferred<Discussion>();
      server.on(API.discussions.get, () => read.promise);
      const reading = queryClient.refetchQueries({ queryKey: discussionQuery(1).queryKey });
      updates.emit('PostAdded', added(5, 'Solaris', 1));
      read.resolve(discussion({ version: readVersion, posts: readVersion ? [post(5, 'Solaris')] : [] }));
      await reading;
      await vi.waitFor(() => expect(shown()).toEqual(discussion({ version: 1, posts: [post(5, 'Solaris')] })));
      queryClient.setQueryData(discussionQuery(1).queryKey, discussion());
    }
  });

  it('keeps a new post once, whether the push or the answer comes first', async () => {
    server.on(API.discussions.addPost, () => {
      updates.emit('PostAdded', added(5, 'Solaris', 1));
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

/** A socket.io socket the test drives: it connects, pushes and drops when told. */
class FakeSocket extends EventEmitter {
  disconnect() {
    return this;
  }
}

describe('the discussion on screen while its connection drops and comes back', () => {
  it('shows, after posts it missed, what a fresh load shows', async () => {
    const sockets: FakeSocket[] = [];
    const live = createLiveUpdates({ connect: () => (sockets.push(new FakeSocket()), sockets.at(-1) as unknown as Socket) });
    const client = testQueryClient();
    followDiscussionChanges(client, live);
    // The club: its discussion, and the posts that arrive, each pushed to whoever is connected.
    let club = discussion();
    server.on(API.discussions.get, () => club);
    const arrives = (postId: number, title: string) => {
      club = { ...club, version: club.version + 1, posts: [...club.posts, post(postId, title)] };
      sockets.at(-1)!.emit('PostAdded', { discussionId: 1, version: club.version, post: post(postId, title) });
    };
    const onScreen = new QueryObserver(client, discussionQuery(1));
    const unsubscribe = onScreen.subscribe(() => {});
    live.start('member-token');
    sockets[0]!.emit('connect');
    await vi.waitFor(() => expect(onScreen.getCurrentResult().data).toEqual(club));

    arrives(5, 'Solaris');
    expect(onScreen.getCurrentResult().data?.posts.map((p) => p.title)).toEqual(['Solaris']);
    // The connection is killed; posts go on arriving, to a socket nobody reads.
    sockets[0]!.emit('disconnect', 'transport close');
    arrives(6, 'Dune');
    arrives(7, 'Emma');
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    // Back: nothing tells it of Dune and Emma but having been away.
    sockets[1]!.emit('connect');
    await vi.waitFor(() => expect(onScreen.getCurrentResult().data).toEqual(club));
    arrives(8, 'Ulysses');
    expect(onScreen.getCurrentResult().data).toEqual(club);
    expect(club.posts.map((p) => p.title)).toEqual(['Solaris', 'Dune', 'Emma', 'Ulysses']);
    expect(await client.fetchQuery({ ...discussionQuery(1), staleTime: 0 })).toEqual(onScreen.getCurrentResult().data);
    unsubscribe();
    live.stop();
  });
});
