import { QueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../shared/api';
import type { DiscussionState } from '../../../shared/api/discussions';
import { createLiveUpdates } from '../../lib/live-updates';
import { server, testQueryClient } from '../../test-support/fake-api';
import { homeData } from '../../test-support/home';

vi.mock('../../lib/api-client', () => import('../../test-support/fake-api'));
// Tests run in node: applying home's language only sets <html lang>.
vi.stubGlobal('document', { documentElement: { lang: 'en' } });

const { followHomeChanges, homeQuery } = await import('./queries');

const pushed = (overrides: Partial<DiscussionState>): DiscussionState =>
  ({
    discussionId: 3,
    roundId: 1,
    title: 'Winter reads: book suggestions',
    topic: 'Books',
    isClosed: false,
    pollId: null,
    version: 0,
    ...overrides,
  }) as DiscussionState;

let queryClient = testQueryClient();
let updates = createLiveUpdates();
const shown = () => queryClient.getQueryData(homeQuery.queryKey);

describe('a discussion opened or closed (DiscussionUpdated)', () => {
  beforeEach(async () => {
    server.reset();
    queryClient = testQueryClient();
    updates = createLiveUpdates();
    followHomeChanges(queryClient, updates);
    server.on(API.home.get, () => homeData());
    await queryClient.fetchQuery(homeQuery);
  });

  it('makes an open discussion the club’s current one', () => {
    updates.emit('DiscussionUpdated', pushed({}));
    expect(shown()?.currentDiscussion).toEqual({ discussionId: 3, title: 'Winter reads: book suggestions', topic: 'Books', isClosed: false });
  });

  it('keeps a newer open discussion current over an older one', () => {
    updates.emit('DiscussionUpdated', pushed({ discussionId: 5, title: 'Newer' }));
    updates.emit('DiscussionUpdated', pushed({ discussionId: 3, title: 'Older' }));
    expect(shown()?.currentDiscussion?.title).toBe('Newer');
  });

  it('clears the current discussion when it closes, and fetches the poll it opened', async () => {
    updates.emit('DiscussionUpdated', pushed({}));
    server.on(API.home.get, () => homeData({ currentPoll: { pollId: 4, discussionId: 3, title: 'vote', topic: 'Books', isClosed: false, closesAt: null } }));
    updates.emit('DiscussionUpdated', pushed({ isClosed: true, pollId: 4 }));
    expect(shown()?.currentDiscussion).toBeNull();
    await vi.waitFor(() => expect(shown()?.currentPoll?.pollId).toBe(4));
  });

  it('is read again when the connection comes back after a drop', async () => {
    server.on(API.home.get, () => homeData({ currentPoll: { pollId: 4, discussionId: 3, title: 'vote', topic: 'Books', isClosed: false, closesAt: null } }));
    const unsubscribe = new QueryObserver(queryClient, homeQuery).subscribe(() => {});
    updates.reconnected();
    await vi.waitFor(() => expect(shown()?.currentPoll?.pollId).toBe(4));
    unsubscribe();
  });
});
