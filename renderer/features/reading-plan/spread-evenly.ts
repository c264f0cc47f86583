import { READING_PARTS_MAX } from '../../../shared/api/reading-plan';
import { addDays, daysBetween } from './due-day';

/** One part "Spread evenly" proposes: its pages and the day it is due. */
export interface SpreadPart {
  fromPage: number;
  toPage: number;
  dueDay: string;
}

export type SpreadProblem = 'count' | 'tooFewPages' | 'days' | 'tooFewDays';

export interface SpreadRequest {
  /** How many parts. */
  count: number;
  /** The book's page count. */
  pageCount: number;
  /** The day reading starts (the first part is due some days after it). */
  startDay: string;
  /** The day the last part is due: the next meeting's, or one the moderator chose. */
  endDay: string;
}

/**
 * "Spread evenly": `count` parts of about equal pages (320 pages in 4: to 80, 160, 240, 320), the last ending on
 * the book's last page, due on days spread as evenly from the start day to the end day, the last due on the
 * end day. Each part needs a page and a day of its own (pages and due days strictly increase), so a request
 * with fewer pages or days than parts is refused with why.
 */
export function spreadEvenly({ count, pageCount, startDay, endDay }: SpreadRequest): { parts: SpreadPart[] } | { problem: SpreadProblem } {
  if (!Number.isInteger(count) || count < 1 || count > READING_PARTS_MAX) return { problem: 'count' };
  if (!Number.isInteger(pageCount) || pageCount < count) return { problem: 'tooFewPages' };
  const span = daysBetween(startDay, endDay);
  if (span === null || span < 1) return { problem: 'days' };
  if (span < count) return { problem: 'tooFewDays' };
  const parts: SpreadPart[] = [];
  for (let index = 1; index <= count; index++) {
    const toPage = Math.round((pageCount * index) / count);
    parts.push({ fromPage: (parts.at(-1)?.toPage ?? 0) + 1, toPage, dueDay: addDays(startDay, Math.round((span * index) / count)) });
  }
  return { parts };
}
