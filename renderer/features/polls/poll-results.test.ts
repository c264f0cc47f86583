import { describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/discussions';
import type { Poll } from '../../../shared/api/polls';
import { hasVoted, resultRows, tiedOptions, votingProgress, winnerOf } from './poll-results';

const option = (postId: number, title: string) => ({ postId, title }) as Post;
const poll = (overrides: Partial<Poll['results']> = {}): Poll =>
  ({
    pollId: 1,
    options: [option(1, 'Solaris'), option(2, 'Dune'), option(3, 'Emma')],
    results: {
      votes: [
        { postId: 2, votes: 2, percentage: 100 },
        { postId: 1, votes: 1, percentage: 50 },
      ],
      alreadyVoted: ['ada', 'bo'],
      winnerPostId: null,
      activeMembers: [
        { userId: 'ada', name: 'Ada' },
        { userId: 'bo', name: 'Bo' },
        { userId: 'cy', name: 'Cy' },
      ],
      ...overrides,
    },
  }) as Poll;

describe('a poll on screen', () => {
  it('shows who of the active members has voted and who has not', () => {
    const progress = votingProgress(poll().results);
    expect(progress.voted.map((m) => m.name)).toEqual(['Ada', 'Bo']);
    expect(progress.waiting.map((m) => m.name)).toEqual(['Cy']);
    expect(progress.total).toBe(3);
  });

  it('lists every option with its votes, most first, unvoted ones at 0', () => {
    expect(resultRows(poll()).map((r) => [r.post.title, r.votes, r.percentage])).toEqual([
      ['Dune', 2, 100],
      ['Solaris', 1, 50],
      ['Emma', 0, 0],
    ]);
  });

  it('names the winner and the options tied on top', () => {
    expect(winnerOf(poll({ winnerPostId: 2 }))?.title).toBe('Dune');
    const tie = poll({
      votes: [
        { postId: 1, votes: 2, percentage: 100 },
        { postId: 3, votes: 2, percentage: 100 },
        { postId: 2, votes: 1, percentage: 50 },
      ],
    });
    expect(tiedOptions(tie).map((o) => o.title)).toEqual(['Solaris', 'Emma']);
    expect(tiedOptions(poll({ votes: [] }))).toEqual([]);
  });

  it('knows a member has voted from their vote or from the voters list', () => {
    expect(hasVoted({ poll: poll(), myVote: null }, 'ada')).toBe(true);
    expect(hasVoted({ poll: poll(), myVote: null }, 'cy')).toBe(false);
    expect(hasVoted({ poll: poll(), myVote: { pollId: 1, postIds: [1] } }, 'cy')).toBe(true);
  });
});
