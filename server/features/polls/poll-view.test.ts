import { describe, expect, it } from 'vitest';
import { ballotsAfter } from './poll-view';

const before = {
  ballots: new Map<string, readonly number[]>([
    ['b-voter', [1]],
    ['d-voter', [2, 3]],
  ]),
  newest: '2026-11-28T10:00:00.000Z',
};

describe('the ballots after a batch, worked out from those before it', () => {
  it('puts the batch after every earlier ballot, its voters by id, a new ballot in place of the earlier one', () => {
    const after = ballotsAfter(
      before,
      [
        { userId: 'c-voter', postIds: [3, 1, 3] },
        { userId: 'b-voter', postIds: [2] },
        { userId: 'a-voter', postIds: [] },
      ],
      '2026-11-28T10:00:00.005Z',
    );
    expect([...after!.ballots]).toEqual([
      ['d-voter', [2, 3]],
      ['a-voter', []],
      ['b-voter', [2]],
      ['c-voter', [1, 3]],
    ]);
    expect(after!.newest).toBe('2026-11-28T10:00:00.005Z');
    // The ballots before are left as they were: an answer made from them may still be on its way.
    expect([...before.ballots.keys()]).toEqual(['b-voter', 'd-voter']);
  });

  it('keeps a member’s last ballot of the batch, as the database does', () => {
    const after = ballotsAfter(
      before,
      [
        { userId: 'c-voter', postIds: [1] },
        { userId: 'c-voter', postIds: [2] },
      ],
      '2026-11-28T10:00:01.000Z',
    );
    expect(after!.ballots.get('c-voter')).toEqual([2]);
  });

  it('leaves it to a read when the batch is not later than every ballot before it (the same moment, a clock set back)', () => {
    expect(ballotsAfter(before, [{ userId: 'a-voter', postIds: [1] }], before.newest)).toBeNull();
    expect(ballotsAfter(before, [{ userId: 'a-voter', postIds: [1] }], '2026-11-28T09:59:59.000Z')).toBeNull();
  });
});
