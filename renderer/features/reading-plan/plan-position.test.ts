import { describe, expect, it } from 'vitest';
import type { ProgressEntry } from '../../../shared/api/progress';
import type { ReadingPart } from '../../../shared/api/reading-plan';
import { clubPartOf, openPartOf, standingOf, tonightPartOf } from './plan-position';

const part = (partId: number, toPage: number, dueOn: string, reached = false): ReadingPart => ({
  partId,
  title: `Part ${partId}`,
  toPage,
  dueOn,
  commentCount: 0,
  reached,
  revealed: false,
});
const parts = [part(1, 80, '2026-12-13T22:59:59Z', true), part(2, 160, '2026-12-20T22:59:59Z'), part(3, 240, '2026-12-27T22:59:59Z')];
const mine = (where: Partial<ProgressEntry>): ProgressEntry => ({
  userId: 'u',
  name: 'Bea',
  page: null,
  percent: null,
  finished: false,
  shared: false,
  updatedOn: '2026-12-01T00:00:00Z',
  ...where,
});

describe('where the club and the member are in the schedule', () => {
  it('the club is at the first part not yet due; nowhere once the last is past', () => {
    expect(clubPartOf(parts, new Date('2026-12-14T10:00:00Z'))?.partId).toBe(2);
    expect(clubPartOf(parts, new Date('2026-12-28T10:00:00Z'))).toBeNull();
  });

  it('the part put first is the member’s first unreached one, else where the club is, else the last', () => {
    expect(openPartOf(parts, new Date('2026-12-01T10:00:00Z'))?.partId).toBe(2);
    const allRead = parts.map((one) => ({ ...one, reached: true }));
    expect(openPartOf(allRead, new Date('2026-12-14T10:00:00Z'))?.partId).toBe(2);
    expect(openPartOf(allRead, new Date('2027-01-14T10:00:00Z'))?.partId).toBe(3);
  });

  it('the evening’s part is the one due on the meeting’s day, or the next due after it', () => {
    expect(tonightPartOf(parts, '2026-12-20T18:00:00Z')?.partId).toBe(2);
    expect(tonightPartOf(parts, '2026-12-22T18:00:00Z')?.partId).toBe(3);
    expect(tonightPartOf(parts, '2027-01-05T18:00:00Z')).toBeNull();
  });

  it('a member says how many pages are left in the part, a percent as that share of the book', () => {
    expect(standingOf(parts[1]!, mine({ page: 100 }), 320)).toEqual({ kind: 'page', page: 100, pagesLeft: 60 });
    expect(standingOf(parts[1]!, mine({ percent: 25 }), 320)).toEqual({ kind: 'page', page: 80, pagesLeft: 80 });
    expect(standingOf(parts[1]!, mine({ percent: 25 }), null)).toEqual({ kind: 'percent', percent: 25 });
    expect(standingOf(parts[0]!, mine({ page: 100 }), 320)).toEqual({ kind: 'reached', page: 100 });
    expect(standingOf(parts[1]!, null, 320)).toEqual({ kind: 'none' });
  });
});
