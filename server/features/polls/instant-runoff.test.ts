import { describe, expect, it } from 'vitest';
import { instantRunoff } from './instant-runoff';

/** `count` copies of a ballot. */
const times = (count: number, ballot: number[]) => Array.from({ length: count }, () => ballot);
/** A round's counts as [postId, votes, percentage] triples, most first. */
const counts = (round: { votes: { postId: number; votes: number; percentage: number }[] }) =>
  round.votes.map(({ postId, votes, percentage }) => [postId, votes, percentage]);

// Each case worked by hand first; the comments are that working.
describe('instant-runoff counting', () => {
  it('ends in round one when an option has more than half of the ballots', () => {
    // 5 ballots: 1 is first on 3 of them, 3 of 5 is more than half.
    const result = instantRunoff([1, 2, 3], [[1, 2], [1], [1, 3], [2, 1], [3]]);
    expect(result.rounds).toHaveLength(1);
    expect(counts(result.rounds[0]!)).toEqual([
      [1, 3, 60],
      [2, 1, 20],
      [3, 1, 20],
    ]);
    expect(result).toMatchObject({ winnerPostId: 1, tied: [] });
  });

  it('eliminates the last option round by round until one has a majority, which need not be the first leader', () => {
    // 14 ballots, a majority is 8. Round 1: 1:5, 2:4, 3:3, 4:2 → 4 out; its ballots go to 3.
    // Round 2: 1:5, 3:5, 2:4 → 2 out; its ballots go to 3. Round 3: 3:9, 1:5 → 3 wins.
    const result = instantRunoff([1, 2, 3, 4], [...times(5, [1, 2, 3]), ...times(4, [2, 3, 1]), ...times(3, [3, 2, 1]), ...times(2, [4, 3, 2])]);
    expect(result.rounds.map(counts)).toEqual([
      [
        [1, 5, 35],
        [2, 4, 28],
        [3, 3, 21],
        [4, 2, 14],
      ],
      [
        [1, 5, 35],
        [3, 5, 35],
        [2, 4, 28],
      ],
      [
        [3, 9, 64],
        [1, 5, 35],
      ],
    ]);
    expect(result.rounds.map((round) => round.eliminated)).toEqual([[4], [2], []]);
    expect(result).toMatchObject({ winnerPostId: 3, tied: [] });
  });

  it('stops counting a ballot whose ranked options are all out: a majority is of the ballots still counting', () => {
    // 8 ballots. Round 1: 1:3, 2:3, 3:2 → 3 out. Round 2: the lone [3] ballot is exhausted; [3,1] goes to 1:
    // 1:4, 2:3 of 7 still counting → 4 is more than half of 7 (though not of 8).
    const result = instantRunoff([1, 2, 3], [...times(3, [1]), ...times(3, [2]), [3], [3, 1]]);
    expect(result.rounds.map(counts)).toEqual([
      [
        [1, 3, 37],
        [2, 3, 37],
        [3, 2, 25],
      ],
      [
        [1, 4, 57],
        [2, 3, 42],
      ],
    ]);
    expect(result).toMatchObject({ winnerPostId: 1, tied: [] });
  });

  it('eliminates every option tied for last place together', () => {
    // 9 ballots. Round 1: 1:4, 2:3, 3:1, 4:1 → 3 and 4 out together. Round 2: 1:5 (4 + the [4,1] ballot), 2:4 → 1 wins.
    const result = instantRunoff([1, 2, 3, 4], [...times(4, [1]), ...times(3, [2]), [3, 2], [4, 1]]);
    expect(result.rounds.map((round) => round.eliminated)).toEqual([[3, 4], []]);
    expect(counts(result.rounds[1]!)).toEqual([
      [1, 5, 55],
      [2, 4, 44],
    ]);
    expect(result).toMatchObject({ winnerPostId: 1, tied: [] });
  });

  it('ties the options left when eliminating the fewest would eliminate them all', () => {
    // Round 1: 1:2, 2:2, 3:1 → 3 out, its ballot exhausted. Round 2: 1:2, 2:2 of 4: no majority, both fewest → tied.
    const result = instantRunoff([1, 2, 3], [...times(2, [1]), ...times(2, [2]), [3]]);
    expect(result.rounds.map((round) => round.eliminated)).toEqual([[3], []]);
    expect(result).toMatchObject({ winnerPostId: null, tied: [1, 2] });
    // Two options, one ballot each: tied at once.
    expect(instantRunoff([1, 2], [[1], [2]])).toMatchObject({ winnerPostId: null, tied: [1, 2] });
  });

  it('decides nothing and ties nothing without ballots', () => {
    const result = instantRunoff([1, 2], []);
    expect(result.rounds.map(counts)).toEqual([
      [
        [1, 0, 0],
        [2, 0, 0],
      ],
    ]);
    expect(result).toMatchObject({ winnerPostId: null, tied: [] });
  });

  it('lets a single ranked option win, and counts only options of the poll', () => {
    expect(instantRunoff([7], [[7], [7]])).toMatchObject({ winnerPostId: 7, tied: [] });
    // A ballot naming only ids that are not options counts for nothing.
    const result = instantRunoff([1, 2], [[99], [1], [2, 1], [1]]);
    expect(counts(result.rounds[0]!)).toEqual([
      [1, 2, 66],
      [2, 1, 33],
    ]);
    expect(result.winnerPostId).toBe(1);
  });
});
