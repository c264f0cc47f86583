import path from 'node:path';
import Database from 'better-sqlite3';
import type { Book } from '../../../shared/api/books';
import type { Post } from '../../../shared/api/discussions';
import type { Meeting, NewMeetingInput } from '../../../shared/api/meetings';
import type { Round, RoundUpdate } from '../../../shared/api/rounds';
import type { ServerConfig } from '../../settings';
import { ManualClock } from '../../test-support/manual-clock';
import { addMember, type TestMember } from '../../test-support/members';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

/** Where a meetings test's clock starts: well before the meetings it schedules (autumn 2026). */
export const CLUB_NOW = '2026-10-01T08:00:00.000Z';
export const PUBLIC_URL = 'https://club.example.org';

export interface MeetingsClub {
  club: TestServer;
  clock: ManualClock;
  /** The admin's token. */
  admin: string;
  mod: TestMember;
  ann: TestMember;
  ben: TestMember;
  bot: TestMember;
  /** The book the club read: "Čítať v lete". */
  book: Book;
  /** Schedules a meeting as the moderator; answers it. */
  schedule(fields?: Partial<NewMeetingInput>): Promise<Meeting>;
  /** Runs SQL on the club's database file (what a route does not offer, or to look under the API). */
  sql<T>(work: (db: Database.Database) => T): T;
}

/** How a meetings test's club is served: on its ManualClock, at PUBLIC_URL, in Bratislava's time zone. */
export function meetingsClubConfig(clock: ManualClock, overrides: Partial<ServerConfig> = {}): Partial<ServerConfig> {
  return { clock, publicUrl: PUBLIC_URL, timeZone: 'Europe/Bratislava', ...overrides };
}

/**
 * A club on a ManualClock with a public address: an admin, a moderator, two members, a bot and a book.
 * `overrides` of the server's config: a data folder of the test's own, to restart the club on it.
 */
export async function startMeetingsClub(overrides: Partial<ServerConfig> = {}): Promise<MeetingsClub> {
  const clock = new ManualClock(CLUB_NOW);
  const club = await startTestServer(meetingsClubConfig(clock, overrides));
  const admin = await setUpClub(club);
  const mod = await addMember(club, { name: 'Mona Moderator', moderator: true });
  const ann = await addMember(club, { name: 'Ann' });
  const ben = await addMember(club, { name: 'Ben' });
  const bot = await addMember(club, { name: 'Bot', bot: true });
  const round = await ok<Round>(club, 'POST', '/api/rounds', admin, { topic: 'Books', title: 'Autumn' });
  const post = await ok<Post>(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, ann.token, bookSuggestion('Čítať v lete'));
  const pollId = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, admin)).discussion!.pollId!;
  await ok(club, 'POST', `/api/polls/${pollId}/vote`, ann.token, { postIds: [post.postId] });
  const book = (await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-poll/${pollId}`, admin)).book!;
  return {
    club,
    clock,
    admin,
    mod,
    ann,
    ben,
    bot,
    book,
    schedule: (fields = {}) =>
      ok<Meeting>(club, 'POST', '/api/meetings', mod.token, { startsAt: '2026-10-20T19:00:00+02:00', place: 'Café Lumière, Bratislava', ...fields }),
    sql(work) {
      const db = new Database(path.join(club.dataDir, 'bookclub.db'));
      try {
        return work(db);
      } finally {
        db.close();
      }
    },
  };
}
