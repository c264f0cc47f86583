import type { ProgressEntry } from '../../../shared/api/progress';
import type { ReadingPart } from '../../../shared/api/reading-plan';
import { dayOf, dueDayOf } from './due-day';

const WEEK_MS = 7 * 86_400_000;

/** Where the club is: the first part not yet due (its due day still ahead or today); null once the last is past. */
export function clubPartOf(parts: readonly ReadingPart[], now: Date): ReadingPart | null {
  return parts.find((part) => Date.parse(part.dueOn) >= now.getTime()) ?? null;
}

/**
 * The part the page puts first: the member's next one (the first they have not reached), else where the club
 * is, else the last part.
 */
export function openPartOf(parts: readonly ReadingPart[], now: Date): ReadingPart | null {
  return parts.find((part) => !part.reached) ?? clubPartOf(parts, now) ?? parts.at(-1) ?? null;
}

/** Whether a part is due within the coming seven days ("This week … by Friday" rather than a date). */
export function dueThisWeek(part: Pick<ReadingPart, 'dueOn'>, now: Date): boolean {
  const left = Date.parse(part.dueOn) - now.getTime();
  return left >= 0 && left < WEEK_MS;
}

/** The evening's part: the one due on the meeting's day, or the next due after it (in the reader's zone). */
export function tonightPartOf(parts: readonly ReadingPart[], startsAt: string): ReadingPart | null {
  const meetingDay = dayOf(new Date(startsAt));
  return parts.find((part) => dueDayOf(part.dueOn) >= meetingDay) ?? null;
}

/** The first page of a part: the one after the part before it ends. */
export function fromPageOf(parts: readonly ReadingPart[], part: ReadingPart): number {
  const index = parts.findIndex((one) => one.partId === part.partId);
  return index > 0 ? parts[index - 1]!.toPage + 1 : 1;
}

/** Where the member is against a part, from their reading progress and whether the server counts it reached. */
export type Standing =
  { kind: 'none' } | { kind: 'reached'; page: number | null } | { kind: 'page'; page: number; pagesLeft: number } | { kind: 'percent'; percent: number };

export function standingOf(part: Pick<ReadingPart, 'reached' | 'toPage'>, mine: ProgressEntry | null, pageCount: number | null): Standing {
  const page = mine && !mine.finished ? (mine.page ?? (mine.percent !== null && pageCount ? Math.floor((mine.percent * pageCount) / 100) : null)) : null;
  if (part.reached || mine?.finished) return { kind: 'reached', page };
  if (!mine) return { kind: 'none' };
  if (page !== null) return { kind: 'page', page, pagesLeft: Math.max(part.toPage - page, 0) };
  return { kind: 'percent', percent: mine.percent ?? 0 };
}
