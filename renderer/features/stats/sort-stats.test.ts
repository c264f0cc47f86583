import { describe, expect, it } from 'vitest';
import type { MemberStats } from '../../../shared/api/stats';
import { nextOrder, sortStats } from './sort-stats';

const member = (userName: string, booksRatedCount: number, winningBooksCount = 0, recommendationCount = 0, meetingsAttendedCount = 0): MemberStats => ({
  userId: userName,
  userName,
  booksRatedCount,
  winningBooksCount,
  recommendationCount,
  meetingsAttendedCount,
});
const club = [member('Zuzana', 3, 1, 0, 4), member('Čestmír', 5), member('Cyril', 3, 2, 0, 4), member('Adam', 0, 0, 7, 9)];
const names = (stats: MemberStats[]) => stats.map((s) => s.userName);

describe('sorting the statistics', () => {
  it('by a count, most first, ties by name; again, fewest first', () => {
    expect(names(sortStats(club, { column: 'booksRatedCount', descending: true }, 'sk'))).toEqual(['Čestmír', 'Cyril', 'Zuzana', 'Adam']);
    expect(names(sortStats(club, { column: 'booksRatedCount', descending: false }, 'sk'))).toEqual(['Adam', 'Cyril', 'Zuzana', 'Čestmír']);
  });

  it('by meetings attended, most first, ties by name', () => {
    expect(names(sortStats(club, { column: 'meetingsAttendedCount', descending: true }, 'sk'))).toEqual(['Adam', 'Cyril', 'Zuzana', 'Čestmír']);
  });

  it('by name in the reader’s language', () => {
    expect(names(sortStats(club, { column: 'userName', descending: false }, 'sk'))).toEqual(['Adam', 'Cyril', 'Čestmír', 'Zuzana']);
  });

  it('a new column starts with the most (names with A), the same column turns round', () => {
    expect(nextOrder({ column: 'userName', descending: false }, 'winningBooksCount')).toEqual({ column: 'winningBooksCount', descending: true });
    expect(nextOrder({ column: 'winningBooksCount', descending: true }, 'winningBooksCount')).toEqual({ column: 'winningBooksCount', descending: false });
    expect(nextOrder({ column: 'winningBooksCount', descending: true }, 'userName')).toEqual({ column: 'userName', descending: false });
  });
});
