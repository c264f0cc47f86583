import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { io as connect, type Socket } from 'socket.io-client';
import { vi } from 'vitest';
import type { Post } from '../../shared/api/discussions';
import type { Poll, PollInfo } from '../../shared/api/polls';
import type { Round, RoundUpdate } from '../../shared/api/rounds';
import { HUB_PATH } from '../../shared/constants';
import { ManualClock } from './manual-clock';
import { addMember, type TestMember } from './members';
import { bookSuggestion, ok } from './round-helpers';
import { setUpClub, startTestServer, type TestServer } from './test-server';

// The club of the poll-deadline tests (server/features/polls/deadlines.*.test.ts): a poll closes itself at
// its deadline exactly as a moderator's close would then, and a reminder goes once before it to those who
// have not voted; both kept in the database, so they happen after a restart. The club runs on a
// ManualClock: a test moves time on and watches what falls due.

export const HOUR = 60 * 60 * 1000;

export interface DeadlineClub {
  club: TestServer;
  clock: ManualClock;
  dataDir: string;
  mod: string;
  ann: TestMember;
  ben: TestMember;
  /** A moderator who reads Slovak. */
  mira: TestMember;
  bot: TestMember;
}

const clubs: TestServer[] = [];
const sockets: Socket[] = [];
const dataDirs: string[] = [];

/** For afterEach: closes every club and socket a test opened, and removes their data folders. */
export async function closeDeadlineClubs(): Promise<void> {
  for (const socket of sockets.splice(0)) socket.close();
  for (const club of clubs.splice(0)) await club.close();
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

/** Stops the club started last (as a host stopping the server); its data folder stays for serve(). */
export async function stopLastClub(): Promise<void> {
  await clubs.pop()!.close();
}

/** A club on its own data folder (kept across restarts), run on `clock`. */
export async function serve(dataDir: string, clock: ManualClock): Promise<TestServer> {
  const club = await startTestServer({ dataDir, clock, publicUrl: 'https://club.example.org', timeZone: 'Europe/Bratislava' });
  clubs.push(club);
  return club;
}

/** The admin (a moderator who votes too), Ann, Ben (Slovak), Mira (a Slovak moderator), a bot, and members who never vote by rule. */
export async function startClub(): Promise<DeadlineClub> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-deadlines-'));
  dataDirs.push(dataDir);
  const clock = new ManualClock(new Date());
  const club = await serve(dataDir, clock);
  const mod = await setUpClub(club);
  const ann = await addMember(club, { name: 'Ann' });
  const ben = await addMember(club, { name: 'Ben' });
  const mira = await addMember(club, { name: 'Mira', moderator: true });
  const bot = await addMember(club, { name: 'Bot', bot: true });
  await ok(club, 'POST', '/api/users/language', ben.token, { language: 'sk' });
  await ok(club, 'POST', '/api/users/language', mira.token, { language: 'sk' });
  // Neither a member who does not take part in votes nor a disabled one is reminded.
  const resting = await addMember(club, { name: 'Resting', active: false });
  const gone = await addMember(club, { name: 'Gone' });
  sql(dataDir, (db) => db.prepare(`UPDATE "user" SET "disabledOn" = ? WHERE "id" = ?`).run(new Date().toISOString(), gone.userId));
  void resting;
  return { club, clock, dataDir, mod, ann, ben, mira, bot };
}

function sql<T>(dataDir: string, work: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'bookclub.db'));
  try {
    return work(db);
  } finally {
    db.close();
  }
}

/** Every mail the club queued whose subject matches, as [to, subject]. */
export function mails(dataDir: string, subject: RegExp): { to: string; subject: string }[] {
  return sql(dataDir, (db) => db.prepare(`SELECT "to", "subject" FROM "mail" ORDER BY "id"`).all() as { to: string; subject: string }[]).filter((mail) =>
    subject.test(mail.subject),
  );
}
export const REMINDER = /Not voted yet|Ešte si nehlasoval/;
export const MISSED = /No votes at the deadline|Do termínu nikto nehlasoval/;

/** A Books round whose discussion has Ann's and Ben's suggestions, closed into a poll that closes at `closesAt`. */
export async function openPoll(given: DeadlineClub, closesAt: Date | null, topic: 'Books' | 'Themes' = 'Books') {
  const { club, mod, ann, ben } = given;
  const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic, title: `Round ${Math.random().toString(36).slice(2, 7)}` });
  const discussionId = (topic === 'Books' ? round.bookDiscussionId : round.themeDiscussionId)!;
  const suggestion = (title: string) => (topic === 'Books' ? bookSuggestion(title) : { title });
  const first = await ok<Post>(club, 'POST', `/api/discussions/${discussionId}`, ann.token, suggestion('Dune'));
  const second = await ok<Post>(club, 'POST', `/api/discussions/${discussionId}`, ben.token, suggestion('Emma'));
  const closed = await ok<RoundUpdate>(
    club,
    'POST',
    `/api/rounds/close-discussion/${discussionId}`,
    mod,
    closesAt ? { closesAt: closesAt.toISOString() } : undefined,
  );
  return { round, pollId: closed.discussion!.pollId!, options: [first.postId, second.postId] as [number, number] };
}

export const vote = (given: DeadlineClub, token: string, pollId: number, postIds: number[]) =>
  ok(given.club, 'POST', `/api/polls/${pollId}/vote`, token, { postIds });
export const roundOf = async (given: DeadlineClub, roundId: number) =>
  (await ok<Round[]>(given.club, 'GET', '/api/rounds', given.mod)).find((round) => round.roundId === roundId)!;
export const pollOf = async (given: DeadlineClub, pollId: number) => (await ok<PollInfo>(given.club, 'GET', `/api/polls/${pollId}`, given.mod)).poll;
export const hoursFrom = (clock: ManualClock, hours: number) => new Date(clock.now().getTime() + hours * HOUR);

/** Waits until the poll is closed (the schedule works in the background once the clock moved). */
export async function closedPoll(given: DeadlineClub, pollId: number): Promise<Poll> {
  return vi.waitFor(
    async () => {
      const poll = await pollOf(given, pollId);
      if (!poll.isClosed) throw new Error('still open');
      return poll;
    },
    { timeout: 5_000, interval: 20 },
  );
}

/** Lets the background work that is due finish: a few rounds of the event loop and a short pause. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

export async function listen(club: TestServer, token: string): Promise<Poll[]> {
  const socket = connect(club.url, { path: HUB_PATH, auth: { token } });
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  const heard: Poll[] = [];
  socket.on('PollChanged', (poll: Poll) => heard.push(poll));
  return heard;
}
