import { describe, expect, it } from 'vitest';
import type { Poll } from '../../../shared/api/poll';
import { optionRows, rankedRounds, roomPollPhase, votedCount, winnerTitle } from './room-poll';

const post = (postId: number, title: string) => ({ postId, title, author: `${title}'s author` }) as Poll['options'][number];
const poll = (results: Partial<Poll['results']> = {}): Pick<Poll, 'options' | 'results'> => ({
  options: [post(1, 'Solaris'), post(2, 'Piranesi'), post(3, 'Middlemarch')],
  results: {
    votes: [],
    alreadyVoted: [],
    winnerPostId: null,
    activeMembers: ['a', 'b', 'c', 'd'].map((userId) => ({ userId, name: userId.toUpperCase() })),
    ...results,
  },
});

describe('the poll in the room', () => {
  it('shows its counts only once revealed or closed', () => {
    expect(roomPollPhase({ isClosed: false }, false)).toBe('hidden');
    expect(roomPollPhase({ isClosed: false }, true)).toBe('revealed');
    expect(roomPollPhase({ isClosed: true }, false)).toBe('closed');
  });

  it('says how many of the active members have voted', () => {
    expect(votedCount(poll({ alreadyVoted: ['a', 'c'] }))).toEqual({ voted: 2, total: 4 });
  });

  it('lists every option, most votes first, the winner marked', () => {
    const rows = optionRows(
      poll({
        votes: [
          { postId: 2, votes: 3, percentage: 75 },
          { postId: 1, votes: 1, percentage: 25 },
        ],
        winnerPostId: 2,
      }),
    );
    expect(rows.map((row) => [row.title, row.votes, row.isWinner])).toEqual([
      ['Piranesi', 3, true],
      ['Solaris', 1, false],
      ['Middlemarch', 0, false],
    ]);
  });

  it('shows a ranked poll’s rounds, who each eliminated, and the winner in the last', () => {
    const counted = poll({
      winnerPostId: 1,
      votes: [
        { postId: 1, votes: 3, percentage: 75 },
        { postId: 2, votes: 1, percentage: 25 },
      ],
      rankedRounds: [
        {
          votes: [
            { postId: 1, votes: 2, percentage: 50 },
            { postId: 2, votes: 1, percentage: 25 },
            { postId: 3, votes: 1, percentage: 25 },
          ],
          eliminated: [3],
        },
        {
          votes: [
            { postId: 1, votes: 3, percentage: 75 },
            { postId: 2, votes: 1, percentage: 25 },
          ],
          eliminated: [],
        },
      ],
    });
    const rounds = rankedRounds(counted);
    expect(rounds.map((round) => [round.number, round.eliminated])).toEqual([
      [1, ['Middlemarch']],
      [2, []],
    ]);
    expect(rounds[0]!.rows.find((row) => row.title === 'Middlemarch')?.eliminated).toBe(true);
    expect(rounds[0]!.rows.some((row) => row.isWinner)).toBe(false);
    expect(rounds[1]!.rows[0]).toMatchObject({ title: 'Solaris', isWinner: true });
    expect(winnerTitle(counted)).toBe('Solaris');
  });

  it('has no rounds for an approval poll', () => {
    expect(rankedRounds(poll())).toEqual([]);
  });
});
