import { MutationObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../shared/api';
import type { Poll, PollInfo, PollState, VoteReceipt } from '../../../shared/api/polls';
import { createLiveUpdates } from '../../lib/live-updates';
import { routeKey } from '../../lib/query-keys';
import { server, testQueryClient } from '../../test-support/fake-api';

vi.mock('../../lib/api-client', () => import('../../test-support/fake-api'));

const { closePollMutation, pollQuery, setDeadlineMutation, voteMutation } = await import('./queries');
const { followPollChanges } = await import('./follow-changes');

const results = { votes: [], alreadyVoted: ['ann'], winnerPostId: null, activeMembers: [] };
const poll = (overrides: Partial<Poll> = {}) =>
  ({ pollId: 4, title: 'Winter reads: vote', isClosed: false, version: 1, options: [], results, ...overrides }) as Poll;
/** The poll as its events and a vote's receipt carry it. */
function stateOf({ options: _options, results: { votes, winnerPostId }, ...own }: Poll): PollState {
  return { ...own, results: { votes, winnerPostId } };
}
const counts = [
  { postId: 7, votes: 2, percentage: 100 },
  { postId: 8, votes: 1, percentage: 50 },
];
let queryClient = testQueryClient();
const shown = () => queryClient.getQueryData(pollQuery(4).queryKey);

beforeEach(async () => {
  server.reset();
  queryClient = testQueryClient();
  server.on(API.polls.info, (): PollInfo => ({ poll: poll(), myVote: null }));
  await queryClient.fetchQuery(pollQuery(4));
});

describe('the poll on screen', () => {
  it('asks for a receipt of the vote, and shows the member’s vote, themselves among the voters and the counts it answers at once', async () => {
    server.on(API.polls.vote, ({ query }): VoteReceipt => {
      expect(query.get('answer')).toBe('receipt');
      return { poll: stateOf(poll({ version: 2, results: { ...results, votes: counts } })), myVote: { pollId: 4, postIds: [7, 8] } };
    });
    await new MutationObserver(
      queryClient,
      voteMutation(queryClient, 4, () => 'bea'),
    ).mutate([7, 8]);
    // Its version stays: who else's ballots the commit held comes with their event.
    expect(shown()).toEqual({ poll: poll({ results: { ...results, alreadyVoted: ['ann', 'bea'], votes: counts } }), myVote: { pollId: 4, postIds: [7, 8] } });
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

  it('when the member casts the last vote, shows the result and has the poll and what it decided read again', async () => {
    queryClient.setQueryData(routeKey('rounds', 'list'), []);
    server.on(API.polls.vote, (): VoteReceipt => ({ poll: stateOf(poll({ isClosed: true, version: 3 })), myVote: { pollId: 4, postIds: [7] } }));
    await new MutationObserver(
      queryClient,
      voteMutation(queryClient, 4, () => 'bea'),
    ).mutate([7]);
    expect(shown()?.myVote).toEqual({ pollId: 4, postIds: [7] });
    expect(queryClient.getQueryState(pollQuery(4).queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(routeKey('rounds', 'list'))?.isInvalidated).toBe(true);
  });

  it('when another member closes it (a PollUpdated push), shows it closed with everyone’s counts and keeps this member’s vote', async () => {
    const updates = createLiveUpdates();
    followPollChanges(queryClient, updates);
    queryClient.setQueryData(pollQuery(4).queryKey, { poll: poll(), myVote: { pollId: 4, postIds: [8] } });
    queryClient.setQueryData(routeKey('home', 'get'), {});
    updates.emit('PollUpdated', stateOf(poll({ pollId: 9, isClosed: true, version: 2 })));
    expect(shown()?.poll.isClosed).toBe(false);
    const closed = poll({ isClosed: true, version: 2, followupLink: { kind: 'Book', entityId: 3 }, results: { ...results, votes: counts, winnerPostId: 7 } });
    updates.emit('PollUpdated', stateOf(closed));
    expect(shown()).toEqual({ poll: closed, myVote: { pollId: 4, postIds: [8] } });
    expect(queryClient.getQueryState(routeKey('home', 'get'))?.isInvalidated).toBe(true);
  });

  it("an open poll's new deadline is shown at once with the counts the member sees kept; home is read again", () => {
    const updates = createLiveUpdates();
    followPollChanges(queryClient, updates);
    const mine = poll({ results: { ...results, votes: counts } });
    queryClient.setQueryData(pollQuery(4).queryKey, { poll: mine, myVote: { pollId: 4, postIds: [8] } });
    queryClient.setQueryData(routeKey('home', 'get'), {});
    updates.emit('PollUpdated', stateOf(poll({ closesAt: '2099-12-01T18:00:00.000Z', version: 2 })));
    expect(shown()).toEqual({ poll: { ...mine, closesAt: '2099-12-01T18:00:00.000Z', version: 2 }, myVote: { pollId: 4, postIds: [8] } });
    expect(queryClient.getQueryState(routeKey('home', 'get'))?.isInvalidated).toBe(true);
  });

  it('ballots counted add their voters to the progress line and show the counts the event brings; a missed one reads the poll again', () => {
    const updates = createLiveUpdates();
    followPollChanges(queryClient, updates);
    updates.emit('VoteCounted', { pollId: 4, version: 2, voterIds: ['bea', 'ann'], votes: counts });
    expect(shown()?.poll).toEqual(poll({ version: 2, results: { ...results, alreadyVoted: ['bea', 'ann'], votes: counts } }));
    updates.emit('VoteCounted', { pollId: 4, version: 4, voterIds: ['cid'], votes: counts });
    expect(queryClient.getQueryState(pollQuery(4).queryKey)?.isInvalidated).toBe(true);
  });

  it('a deadline set by a moderator shows at once', async () => {
    server.on(API.polls.setDeadline, () => poll({ closesAt: '2099-12-01T18:00:00.000Z' }));
    await new MutationObserver(queryClient, setDeadlineMutation(queryClient, 4)).mutate('2099-12-01T18:00:00.000Z');
    expect(shown()?.poll.closesAt).toBe('2099-12-01T18:00:00.000Z');
  });
});
