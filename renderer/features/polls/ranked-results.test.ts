import { describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/discussions';
import type { Poll, RankedRound } from '../../../shared/api/polls';
import { myRanking, rankedRoundsView } from './ranked-results';

const option = (postId: number, title: string) => ({ postId, title }) as Post;
const [dune, emma, ulysses] = [option(1, 'Dune'), option(2, 'Emma'), option(3, 'Ulysses')];
const count = (postId: number, votes: number, percentage: number) => ({ postId, votes, percentage });
const poll = (rankedRounds: RankedRound[] | undefined, overrides: Partial<Poll> = {}, winnerPostId: number | null = null): Poll =>
  ({
    pollId: 1,
    isClosed: true,
    votingMethod: 'ranked',
    options: [dune, emma, ulysses],
    results: { votes: rankedRounds?.at(-1)?.votes ?? [], alreadyVoted: [], winnerPostId, activeMembers: [], rankedRounds },
    ...overrides,
  }) as Poll;

// Four ballots: Dune 2, Emma 1, Ulysses 1; Emma and Ulysses go out together; then Dune 4 of 4.
const decided: RankedRound[] = [
  { votes: [count(1, 2, 50), count(2, 1, 25), count(3, 1, 25)], eliminated: [2, 3] },
  { votes: [count(1, 4, 100)], eliminated: [] },
];

describe('a ranked poll’s results', () => {
  it('show each round’s counts, what it eliminated, and the winner in the last round', () => {
    const rounds = rankedRoundsView(poll(decided, {}, 1));
    expect(rounds.map((round) => round.number)).toEqual([1, 2]);
    expect(rounds[0]!.rows.map((row) => [row.post.title, row.votes, row.percentage, row.isEliminated, row.isWinner])).toEqual([
      ['Dune', 2, 50, false, false],
      ['Emma', 1, 25, true, false],
      ['Ulysses', 1, 25, true, false],
    ]);
    expect(rounds[0]!.eliminated).toEqual([emma, ulysses]);
    expect(rounds[0]!).toMatchObject({ ballots: 4, ending: null });
    expect(rounds[1]!.rows.map((row) => [row.post.title, row.isWinner])).toEqual([['Dune', true]]);
    expect(rounds[1]!).toMatchObject({ eliminated: [], ballots: 4, ending: { kind: 'winner', post: dune } });
  });

  it('while open, say which option has more than half of the ballots so far', () => {
    const rounds = rankedRoundsView(poll([{ votes: [count(1, 2, 66), count(2, 1, 33), count(3, 0, 0)], eliminated: [] }], { isClosed: false }));
    expect(rounds[0]!.ending).toEqual({ kind: 'majority', post: dune });
  });

  it('end in a tie among the options left level when counting cannot part them', () => {
    const tied: RankedRound[] = [{ votes: [count(1, 1, 33), count(2, 1, 33), count(3, 1, 33)], eliminated: [] }];
    expect(rankedRoundsView(poll(tied))[0]!.ending).toEqual({ kind: 'tie', posts: [dune, emma, ulysses] });
  });

  it('are empty while hidden from a member who has not voted, and for an approval poll', () => {
    expect(rankedRoundsView(poll([], { isClosed: false }))).toEqual([]);
    expect(rankedRoundsView(poll(undefined, { votingMethod: 'approval' }))).toEqual([]);
  });

  it('with no ballot counted, end in nothing', () => {
    expect(rankedRoundsView(poll([{ votes: [count(1, 0, 0), count(2, 0, 0)], eliminated: [] }], { isClosed: false }))[0]!.ending).toBeNull();
  });

  it('show the member’s own ranking in their order', () => {
    expect(myRanking(poll(decided), { pollId: 1, postIds: [3, 1] })).toEqual([ulysses, dune]);
    expect(myRanking(poll(decided), null)).toEqual([]);
  });
});
