import type { ProgressEntry } from './api/progress';

/*
 * Reading progress, written once: the server orders the club's progress with these functions, and the
 * renderer draws the bars with them. The spoiler fold that progress opens is in spoiler-fold.ts.
 */

type Where = Pick<ProgressEntry, 'page' | 'percent' | 'finished'>;

/**
 * How far into the book an entry is, from 0 to 1: finished is 1, a percentage is itself, and a page is
 * compared with the book's page count (from its winning suggestion) when the club knows it, never counted
 * as more than 99 % (the member has not said they finished). Null when it cannot be said: a page of a book
 * whose page count is unknown.
 */
export function progressFraction(entry: Where, pageCount: number | null): number | null {
  if (entry.finished) return 1;
  if (entry.percent !== null) return entry.percent / 100;
  if (entry.page !== null && pageCount) return Math.min(entry.page / pageCount, 0.99);
  return null;
}

/**
 * Furthest first: finished, then by how far (percentages and pages as fractions of the book, see
 * progressFraction); pages that cannot be turned into a fraction come after those that can, the higher page
 * first; among equals the latest update first.
 */
export function furthestFirst(pageCount: number | null) {
  return (a: Where & Pick<ProgressEntry, 'updatedOn'>, b: Where & Pick<ProgressEntry, 'updatedOn'>): number => {
    const fa = progressFraction(a, pageCount);
    const fb = progressFraction(b, pageCount);
    if (fa !== null && fb !== null && fa !== fb) return fb - fa;
    if (fa === null && fb !== null) return 1;
    if (fa !== null && fb === null) return -1;
    if (fa === null && fb === null && a.page !== b.page) return (b.page ?? 0) - (a.page ?? 0);
    return b.updatedOn.localeCompare(a.updatedOn);
  };
}

/**
 * Whether an entry is at or past `page` (the last page of a part of the reading schedule): finished is past
 * every page, a page is compared as it is, and a percentage as that share of the book's page count; without a
 * page count a percentage short of 100 reaches no page (DECISIONS.md "Reading together").
 */
export function reachesPage(entry: Where, page: number, pageCount: number | null): boolean {
  if (entry.finished) return true;
  if (entry.page !== null) return entry.page >= page;
  if (entry.percent !== null) return entry.percent >= 100 || (!!pageCount && (entry.percent * pageCount) / 100 >= page);
  return false;
}
