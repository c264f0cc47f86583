import { MutationObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../shared/api';
import type { Poll, PollInfo } from '../../../shared/api/polls';
import { createLiveUpdates } from '../../lib/live-updates';
import { routeKey } from '../../lib/query-keys';
import { server, testQueryClient } from '../../test-support/fake-api';

vi.mock('../../lib/api-client', () => import('../../test-support/fake-api'));

const { closePollMutation, pollQuery, setDeadlineMutation, voteMutation } = await import('./queries');
const { followPollChanges } = await import('./follow-changes');

const poll = (overrides: Partial<Poll> = {}) => ({ pollId: 4, title: 'Winter reads: vote', isClosed: false, ...overrides }) as Poll;
let queryClient = testQueryClient();
const shown = () => queryClient.getQueryData(pollQuery(4).queryKey);

beforeEach(async () => {
  server.reset();
  queryClient = testQueryClient();
  server.on(API.polls.info, (): PollInfo => ({ poll: poll(), myVote: null }));
  await queryClient.fetchQuery(pollQuery(4));
});

describe('the poll on screen', () => {
  it('shows the member’s vote and the results it answers at once', async () => {
    server.on(API.polls.vote, () => ({ poll: poll({ title: 'with my vote counted' }), discussion: null, round: null, book: null }));
    await new MutationObserver(queryClient, voteMutation(queryClient, 4)).mutate([7, 8]);
    expect(shown()).toEqual({ poll: poll({ title: 'with my vote counted' }), myVote: { pollId: 4, postIds: [7, 8] } });
  });

  it('shows itself closed with its outcome, and has home, the rounds and the books read again', async () => {
    queryClient.setQueryData(routeKey('books', 'list'), []);
    queryClient.setQueryData(routeKey('runnersUp', 'get', { params: { discussionId: 1 } }), []);
    server.on(API.rounds.closePoll, () => ({ poll: poll({ isClosed: true }), discussion: null, round: null, book: null }));
    await new MutationObserver(queryClient, closePollMutation(queryClient, 4)).mutate();
    expect(shown()?.poll.isClosed).toBe(true);
    expect(queryClient.getQueryState(routeKey('books', 'list'))?.isInvalidated).toBe(true);
    // Under the discussions' key before keys came from the contract; still read again.
    expect(queryClient.getQueryState(routeKey('runnersUp', 'get', { params: { discussionId: 1 } }))?.isInvalidated).toBe(true);
  });

  it('after a tie, shows itself closed with the link to its tiebreaker', async () => {
    const tied = poll({ isClosed: true, followupLink: { kind: 'Poll', entityId: 5 } });
    server.on(API.rounds.closePoll, () => ({ poll: tied, discussion: null, round: null, book: null }));
    await new MutationObserver(queryClient, closePollMutation(queryClient, 4)).mutate();
    expect(shown()?.poll).toEqual(tied);
  });

  it('when the member casts the last vote, shows the result at once and has what it decided read again', async () => {
    queryClient.setQueryData(routeKey('rounds', 'list'), []);
    server.on(API.polls.vote, () => ({ poll: poll({ isClosed: true }), discussion: null, round: null, book: null }));
    await new MutationObserver(queryClient, voteMutation(queryClient, 4)).mutate([7]);
    expect(shown()).toEqual({ poll: poll({ isClosed: true }), myVote: { pollId: 4, postIds: [7] } });
    expect(queryClient.getQueryState(routeKey('rounds', 'list'))?.isInvalidated).toBe(true);
  });

  it('when another member closes it (a PollChanged push), shows it closed and keeps this member’s vote', async () => {
    const updates = createLiveUpdates();
    followPollChanges(queryClient, updates);
    queryClient.setQueryData(pollQuery(4).queryKey, { poll: poll(), myVote: { pollId: 4, postIds: [8] } });
    queryClient.setQueryData(routeKey('home', 'get'), {});
    updates.emit('PollChanged', poll({ pollId: 9, isClosed: true }));
    expect(shown()?.poll.isClosed).toBe(false);
    updates.emit('PollChanged', poll({ isClosed: true }));
    expect(shown()).toEqual({ poll: poll({ isClosed: true }), myVote: { pollId: 4, postIds: [8] } });
    expect(queryClient.getQueryState(routeKey('home', 'get'))?.isInvalidated).toBe(true);
  });

  it("an open poll's new deadline is shown at once, the member's view kept and read again, home too", () => {
    const updates = createLiveUpdates();
    followPollChanges(queryClient, updates);
    const mine = poll({ title: 'as I see it, counts and all' });
    queryClient.setQueryData(pollQuery(4).queryKey, { poll: mine, myVote: { pollId: 4, postIds: [8] } });
    queryClient.setQueryData(routeKey('home', 'get'), {});
    updates.emit('PollChanged', poll({ title: 'as one who has not voted sees it', closesAt: '2099-12-01T18:00:00.000Z' }));
    expect(shown()).toEqual({ poll: { ...mine, closesAt: '2099-12-01T18:00:00.000Z' }, myVote: { pollId: 4, postIds: [8] } });
    expect(queryClient.getQueryState(pollQuery(4).queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(routeKey('home', 'get'))?.isInvalidated).toBe(true);
  });

  it('a deadline set by a moderator shows at once', async () => {
    server.on(API.polls.setDeadline, () => poll({ closesAt: '2099-12-01T18:00:00.000Z' }));
    await new MutationObserver(queryClient, setDeadlineMutation(queryClient, 4)).mutate('2099-12-01T18:00:00.000Z');
    expect(shown()?.poll.closesAt).toBe('2099-12-01T18:00:00.000Z');
  });
});
