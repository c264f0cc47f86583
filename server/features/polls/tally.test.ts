import { describe, expect, it } from 'vitest';
import { leaders, tally } from './tally';

describe('tally', () => {
  it('counts approval ballots, most first, percentages of voters floored', () => {
    const counts = tally([1, 2, 3], [[1, 2], [2], [2, 3]]);
    expect(counts).toEqual([
      { postId: 2, votes: 3, percentage: 100 },
      { postId: 1, votes: 1, percentage: 33 },
      { postId: 3, votes: 1, percentage: 33 },
    ]);
    expect(leaders(counts)).toEqual([2]);
  });

  it('finds every option tied on top', () => {
    expect(leaders(tally([1, 2, 3], [[1], [2], [3, 1, 2]]))).toEqual([1, 2]);
  });

  it('has no leaders and zero percentages without ballots', () => {
    const counts = tally([1, 2], []);
    expect(counts.every((c) => c.votes === 0 && c.percentage === 0)).toBe(true);
    expect(leaders(counts)).toEqual([]);
  });

  it('ignores a ticked id that is not an option, and a tick given twice', () => {
    expect(tally([1], [[1, 1, 99]])).toEqual([{ postId: 1, votes: 1, percentage: 100 }]);
  });
});
