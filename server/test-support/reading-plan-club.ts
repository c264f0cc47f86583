import type { PartComment, PartComments, ReadingPart, ReadingSchedule } from '../../shared/api/reading-plan';
import { startMeetingsClub, type MeetingsClub } from '../features/meetings/meetings-club';
import type { ServerConfig } from '../settings';
import { addMember, type TestMember } from './members';
import { ok } from './round-helpers';

/**
 * Four parts of the club's 320-page book, a week apart (the club's clock starts on 2026-10-01, meetings-club.ts):
 * each due at the end of a Friday in Bratislava.
 */
export const FOUR_PARTS = [
  { title: 'Chapters 1–9', toPage: 80, dueOn: '2026-10-09T23:59:59+02:00' },
  { title: 'Chapters 10–18', toPage: 160, dueOn: '2026-10-16T23:59:59+02:00' },
  { title: 'Chapters 19–27', toPage: 240, dueOn: '2026-10-23T23:59:59+02:00' },
  { title: 'Chapters 28–36', toPage: 320, dueOn: '2026-10-30T23:59:59+01:00' },
];

export interface ReadingPlanClub extends MeetingsClub {
  /** A third member, who reads along. */
  cleo: TestMember;
  /** Sets the book's schedule as the moderator (FOUR_PARTS unless told otherwise); answers it. */
  plan(parts?: unknown[]): Promise<ReadingPart[]>;
  readSchedule(token: string): Promise<ReadingSchedule>;
  comments(partId: number, token: string): Promise<PartComments>;
  comment(partId: number, token: string, text: string): Promise<PartComment>;
  /** Records `token`'s member on this page of the book (or a percent, or finished). */
  progress(token: string, where: Record<string, unknown>): Promise<unknown>;
  /** A part's path under the book: `/api/books/1/parts/2` and what follows. */
  partPath(partId: number, rest?: string): string;
}

/** The meetings tests' club (an admin, Mona the moderator, Ann, Ben, a bot and a 320-page book) and Cleo. */
export async function startReadingPlanClub(overrides: Partial<ServerConfig> = {}): Promise<ReadingPlanClub> {
  const c = await startMeetingsClub(overrides);
  const cleo = await addMember(c.club, { name: 'Cleo' });
  const book = `/api/books/${c.book.bookId}`;
  return {
    ...c,
    cleo,
    plan: async (parts = FOUR_PARTS) => (await ok<ReadingSchedule>(c.club, 'PUT', `${book}/schedule`, c.mod.token, { parts })).parts,
    readSchedule: (token) => ok<ReadingSchedule>(c.club, 'GET', `${book}/schedule`, token),
    comments: (partId, token) => ok<PartComments>(c.club, 'GET', `${book}/parts/${partId}/comments`, token),
    comment: (partId, token, text) => ok<PartComment>(c.club, 'POST', `${book}/parts/${partId}/comments`, token, { text }),
    progress: (token, where) => ok(c.club, 'PUT', `${book}/progress`, token, where),
    partPath: (partId, rest = '') => `${book}/parts/${partId}${rest}`,
  };
}
