import { describe, expect, it } from 'vitest';
import type { Poll, PollInfo, PollState, RankedRound } from '../../../shared/api/polls';
import { createLiveUpdates } from '../../lib/live-updates';
import { routeKey } from '../../lib/query-keys';
import { testQueryClient } from '../../test-support/fake-api';
import { followPollChanges, withBallots, withState } from './follow-changes';

// A ranked poll's rounds of counting reach the poll on screen live, hidden and shown as its counts are.

const first: RankedRound = {
  votes: [
    { postId: 7, votes: 1, percentage: 50 },
    { postId: 8, votes: 1, percentage: 50 },
  ],
  eliminated: [],
};
const decided: RankedRound[] = [
  {
    votes: [
      { postId: 7, votes: 2, percentage: 66 },
      { postId: 8, votes: 1, percentage: 33 },
      { postId: 9, votes: 0, percentage: 0 },
    ],
    eliminated: [9],
  },
  {
    votes: [
      { postId: 7, votes: 2, percentage: 66 },
      { postId: 8, votes: 1, percentage: 33 },
    ],
    eliminated: [],
  },
];
const results = { votes: first.votes, alreadyVoted: ['ann', 'bea'], winnerPostId: null, activeMembers: [], rankedRounds: [first] };
const ranked = (overrides: Partial<Poll> = {}) =>
  ({ pollId: 4, title: 'Winter reads: vote', isClosed: false, version: 1, votingMethod: 'ranked', options: [], results, ...overrides }) as Poll;
function stateOf({ options: _options, results: { votes, winnerPostId, rankedRounds }, ...own }: Poll): PollState {
  return { ...own, results: { votes, winnerPostId, ...(rankedRounds ? { rankedRounds } : {}) } };
}

describe('ballots counted in a ranked poll', () => {
  it('bring the rounds to a member who has voted', () => {
    const counted = withBallots(ranked(), { voterIds: ['cid'], votes: decided[1]!.votes, rankedRounds: decided });
    expect(counted.results).toEqual({ ...results, alreadyVoted: ['ann', 'bea', 'cid'], votes: decided[1]!.votes, rankedRounds: decided });
  });

  it('keep them hidden from one who has not (the event carries none)', () => {
    const hidden = ranked({ results: { ...results, votes: [], rankedRounds: [] } });
    expect(withBallots(hidden, { voterIds: ['cid'], votes: [], rankedRounds: [] }).results.rankedRounds).toEqual([]);
  });

  it('leave an approval poll without rounds', () => {
    const { rankedRounds: _rounds, ...counts } = results;
    const approval = ranked({ votingMethod: 'approval', results: counts });
    expect(withBallots(approval, { voterIds: ['cid'], votes: [] }).results).not.toHaveProperty('rankedRounds');
  });
});

describe('a ranked poll’s new state', () => {
  it('once closed, shows everyone’s rounds and the winner', () => {
    const closed = withState(
      ranked(),
      stateOf(ranked({ isClosed: true, version: 2, results: { ...results, votes: decided[1]!.votes, winnerPostId: 7, rankedRounds: decided } })),
    );
    expect(closed).toMatchObject({
      isClosed: true,
      results: { winnerPostId: 7, rankedRounds: decided, votes: decided[1]!.votes, alreadyVoted: ['ann', 'bea'] },
    });
  });

  it('while open, keeps the rounds this member may see (the state has them hidden)', () => {
    const state = stateOf(ranked({ closesAt: '2099-12-01T18:00:00.000Z', version: 2, results: { ...results, votes: [], rankedRounds: [] } }));
    expect(withState(ranked(), state).results).toEqual(results);
  });
});

describe('live changes to a ranked poll on screen', () => {
  it('patch its cached copy: ballots counted with their rounds, then the close with the final rounds', () => {
    const queryClient = testQueryClient();
    const updates = createLiveUpdates();
    followPollChanges(queryClient, updates);
    const key = routeKey('polls', 'info', { params: { pollId: 4 } });
    queryClient.setQueryData<PollInfo>(key, { poll: ranked(), myVote: { pollId: 4, postIds: [8, 7] } });

    updates.emit('VoteCounted', { pollId: 4, version: 2, voterIds: ['cid'], votes: decided[1]!.votes, rankedRounds: decided });
    expect(queryClient.getQueryData<PollInfo>(key)?.poll.results.rankedRounds).toEqual(decided);

    const final = [...decided, { votes: [{ postId: 7, votes: 3, percentage: 75 }], eliminated: [] }];
    updates.emit(
      'PollUpdated',
      stateOf(ranked({ isClosed: true, version: 3, results: { ...results, votes: final[2]!.votes, winnerPostId: 7, rankedRounds: final } })),
    );
    const shown = queryClient.getQueryData<PollInfo>(key);
    expect(shown?.poll).toMatchObject({ isClosed: true, version: 3, results: { rankedRounds: final, winnerPostId: 7 } });
    expect(shown?.myVote).toEqual({ pollId: 4, postIds: [8, 7] });
  });
});
