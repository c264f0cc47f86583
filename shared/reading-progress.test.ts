import { describe, expect, it } from 'vitest';
import { furthestFirst, progressFraction } from './reading-progress';
import { isFoldedForReader, spoilerBookOfPost, spoilerBookOfReview } from './spoiler-fold';

const at = (where: { page?: number; percent?: number; finished?: boolean }, updatedOn = '2026-11-01T10:00:00.000Z') => ({
  page: where.page ?? null,
  percent: where.percent ?? null,
  finished: where.finished ?? false,
  updatedOn,
});

describe('how far into a book', () => {
  it("finished is all of it, a percentage is itself, a page is a share of the book's pages", () => {
    expect(progressFraction(at({ finished: true }), 300)).toBe(1);
    expect(progressFraction(at({ percent: 25 }), null)).toBe(0.25);
    expect(progressFraction(at({ page: 150 }), 300)).toBe(0.5);
  });

  it('a page past the last is not "finished"; a page of a book without a page count cannot be said', () => {
    expect(progressFraction(at({ page: 400 }), 300)).toBe(0.99);
    expect(progressFraction(at({ page: 150 }), null)).toBeNull();
  });

  it('orders furthest first: finished, then by share, pages without a page count last, then the latest update', () => {
    const entries = [at({ page: 10 }), at({ percent: 40 }), at({ finished: true }), at({ page: 200 }), at({ percent: 40 }, '2026-11-02T10:00:00.000Z')];
    expect([...entries].sort(furthestFirst(300)).map((e) => [e.page, e.percent, e.finished, e.updatedOn.slice(8, 10)])).toEqual([
      [null, null, true, '01'],
      [200, null, false, '01'],
      [null, 40, false, '02'],
      [null, 40, false, '01'],
      [10, null, false, '01'],
    ]);
    expect([...entries].sort(furthestFirst(null)).map((e) => [e.page, e.percent, e.finished])).toEqual([
      [null, null, true],
      [null, 40, false],
      [null, 40, false],
      [200, null, false],
      [10, null, false],
    ]);
  });
});

describe('the spoiler fold', () => {
  const marked = { hasSpoilers: true, ownerId: 'author' };

  it('folds a marked item for a reader who has not finished its book, never an unmarked one', () => {
    expect(isFoldedForReader(marked, { userId: 'reader', finishedSpoilerBook: false })).toBe(true);
    expect(isFoldedForReader(marked, { userId: 'reader', finishedSpoilerBook: true })).toBe(false);
    expect(isFoldedForReader({ ...marked, hasSpoilers: false }, { userId: 'reader', finishedSpoilerBook: false })).toBe(false);
  });

  it('never folds an item for its author', () => {
    expect(isFoldedForReader(marked, { userId: 'author', finishedSpoilerBook: false })).toBe(false);
  });

  it("a review is about its own book; a suggestion about the club's current (newest) book, or none yet", () => {
    expect(spoilerBookOfReview({ bookId: 4 })).toBe(4);
    expect(spoilerBookOfPost([{ bookId: 9 }, { bookId: 8 }])).toBe(9);
    expect(spoilerBookOfPost([])).toBeNull();
  });
});
