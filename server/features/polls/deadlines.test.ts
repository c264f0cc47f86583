import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../shared/api/discussions';
import type { Poll, PollInfo } from '../../../shared/api/polls';
import type { Round, RoundUpdate } from '../../../shared/api/rounds';
import { HUB_PATH } from '../../../shared/constants';
import { waitForMail } from '../../test-support/mail';
import { ManualClock } from '../../test-support/manual-clock';
import { addMember, type TestMember } from '../../test-support/members';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { ADMIN, setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

// A poll closes itself at its deadline exactly as a moderator's close would then, and a reminder goes
// once before it to those who have not voted; both kept in the database, so they happen after a restart.
// The club runs on a ManualClock: a test moves time on and watches what falls due.

const HOUR = 60 * 60 * 1000;

interface Club {
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
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  for (const club of clubs.splice(0)) await club.close();
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A club on its own data folder (kept across restarts), run on `clock`. */
async function serve(dataDir: string, clock: ManualClock): Promise<TestServer> {
  const club = await startTestServer({ dataDir, clock, publicUrl: 'https://club.example.org', timeZone: 'Europe/Bratislava' });
  clubs.push(club);
  return club;
}

/** The admin (a moderator who votes too), Ann, Ben (Slovak), Mira (a Slovak moderator), a bot, and members who never vote by rule. */
async function startClub(): Promise<Club> {
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
function mails(dataDir: string, subject: RegExp): { to: string; subject: string }[] {
  return sql(dataDir, (db) => db.prepare(`SELECT "to", "subject" FROM "mail" ORDER BY "id"`).all() as { to: string; subject: string }[]).filter(
    (mail) => subject.test(mail.subject),
  );
}
const REMINDER = /Not voted yet|Ešte si nehlasoval/;
const MISSED = /No votes at the deadline|Do termínu nikto nehlasoval/;

/** A Books round whose discussion has Ann's and Ben's suggestions, closed into a poll that closes at `closesAt`. */
async function openPoll(given: Club, closesAt: Date | null, topic: 'Books' | 'Themes' = 'Books') {
  const { club, mod, ann, ben } = given;
  const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic, title: `Round ${Math.random().toString(36).slice(2, 7)}` });
  const discussionId = (topic === 'Books' ? round.bookDiscussionId : round.themeDiscussionId)!;
  const suggestion = (title: string) => (topic === 'Books' ? bookSuggestion(title) : { title });
  const first = await ok<Post>(club, 'POST', `/api/discussions/${discussionId}`, ann.token, suggestion('Dune'));
  const second = await ok<Post>(club, 'POST', `/api/discussions/${discussionId}`, ben.token, suggestion('Emma'));
  const closed = await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${discussionId}`, mod, closesAt ? { closesAt: closesAt.toISOString() } : undefined);
  return { round, pollId: closed.discussion!.pollId!, options: [first.postId, second.postId] as [number, number] };
}

const vote = (given: Club, token: string, pollId: number, postIds: number[]) => ok(given.club, 'POST', `/api/polls/${pollId}/vote`, token, { postIds });
const roundOf = async (given: Club, roundId: number) => (await ok<Round[]>(given.club, 'GET', '/api/rounds', given.mod)).find((round) => round.roundId === roundId)!;
const pollOf = async (given: Club, pollId: number) => (await ok<PollInfo>(given.club, 'GET', `/api/polls/${pollId}`, given.mod)).poll;
const hoursFrom = (clock: ManualClock, hours: number) => new Date(clock.now().getTime() + hours * HOUR);

/** Waits until the poll is closed (the schedule works in the background once the clock moved). */
async function closedPoll(given: Club, pollId: number): Promise<Poll> {
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
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

async function listen(club: TestServer, token: string): Promise<Poll[]> {
  const socket = connect(club.url, { path: HUB_PATH, auth: { token } });
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
  const heard: Poll[] = [];
  socket.on('PollChanged', (poll: Poll) => heard.push(poll));
  return heard;
}

describe('a deadline must lie ahead', () => {
  it('a past deadline is refused on closing a discussion and on PATCH, naming the field; nothing changes', async () => {
    const given = await startClub();
    const { club, mod, ann, clock } = given;
    const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Past' });
    await ok(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, ann.token, bookSuggestion('Dune'));
    for (const closesAt of [hoursFrom(clock, -1), clock.now()]) {
      const refused = await club.call('POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, { token: mod, body: { closesAt: closesAt.toISOString() } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ closesAt: ['The deadline must be in the future.'] });
    }
    const discussion = await ok(club, 'GET', `/api/discussions/${round.bookDiscussionId}`, mod);
    expect(discussion).toMatchObject({ isClosed: false, pollId: null });

    const { pollId } = await openPoll(given, hoursFrom(clock, 5));
    const before = await pollOf(given, pollId);
    const patched = await club.call('PATCH', `/api/polls/${pollId}`, { token: mod, body: { closesAt: hoursFrom(clock, -0.5).toISOString() }, headers: { 'Accept-Language': 'sk' } });
    expect(patched.status).toBe(400);
    expect(patched.body.errors).toEqual({ closesAt: ['Termín musí byť v budúcnosti.'] });
    expect(await pollOf(given, pollId)).toEqual(before);
    // Past year 9999 in UTC is no date the club keeps.
    const tooLate = await club.call('PATCH', `/api/polls/${pollId}`, { token: mod, body: { closesAt: '9999-12-31T23:59:59-14:00' } });
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.errors).toEqual({ closesAt: ['Choose a date before the year 10000.'] });
    expect(await pollOf(given, pollId)).toEqual(before);
  });

  it('the past is the club clock\'s: an hour ahead of the host is refused once the club clock passed it', async () => {
    const given = await startClub();
    given.clock.advance(2 * HOUR);
    const { pollId } = await openPoll(given, null);
    const refused = await given.club.call('PATCH', `/api/polls/${pollId}`, { token: given.mod, body: { closesAt: new Date(Date.now() + HOUR).toISOString() } });
    expect(refused.status).toBe(400);
  });
});

describe('PATCH /api/polls/{id}', () => {
  it('sets, moves and clears the deadline; everyone hears PollChanged as a member who has not voted sees the poll', async () => {
    const given = await startClub();
    const { club, mod, ann, ben, clock } = given;
    const { pollId, options } = await openPoll(given, null);
    await vote(given, ann.token, pollId, [options[0]]);
    const heard = await listen(club, ben.token);

    const closesAt = hoursFrom(clock, 30);
    // Written with an offset, kept and answered in UTC.
    const local = new Date(closesAt.getTime() + 2 * HOUR).toISOString().replace('Z', '+02:00');
    const set = await ok<Poll>(club, 'PATCH', `/api/polls/${pollId}`, mod, { closesAt: local });
    expect(set.closesAt).toBe(closesAt.toISOString());
    expect(set.isClosed).toBe(false);
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(heard[0]).toMatchObject({ pollId, closesAt: closesAt.toISOString(), isClosed: false });
    // As one who has not voted sees it: the counts stay hidden.
    expect(heard[0]!.results.votes).toEqual([]);

    const cleared = await ok<Poll>(club, 'PATCH', `/api/polls/${pollId}`, mod, { closesAt: null });
    expect(cleared.closesAt).toBeNull();
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(heard[1]).toMatchObject({ pollId, closesAt: null });
    expect((await ok<PollInfo>(club, 'GET', `/api/polls/${pollId}`, ben.token)).poll.closesAt).toBeNull();
  });

  it('a cleared deadline never fires: the poll stays open and no timer is left', async () => {
    const given = await startClub();
    const { club, mod, ann, clock } = given;
    const { pollId, options } = await openPoll(given, hoursFrom(clock, 30));
    await vote(given, ann.token, pollId, [options[0]]);
    await ok(club, 'PATCH', `/api/polls/${pollId}`, mod, { closesAt: null });
    clock.advance(48 * HOUR);
    await settle();
    expect(await pollOf(given, pollId)).toMatchObject({ isClosed: false, closesAt: null });
    expect(mails(given.dataDir, REMINDER)).toEqual([]);
    expect(clock.pendingTimers).toBe(0);
  });

  it('a closed poll is 409, a missing one 404; bad input is a clear 400 and changes nothing', async () => {
    const given = await startClub();
    const { club, mod, ann, clock } = given;
    const { pollId, options } = await openPoll(given, hoursFrom(clock, 30));
    const before = await pollOf(given, pollId);
    const bad: [string, unknown][] = [
      ['a number', { closesAt: 1767222000000 }],
      ['no offset', { closesAt: '2099-12-01T19:00:00' }],
      ['a date alone', { closesAt: '2099-12-01' }],
      ['nonsense', { closesAt: 'tomorrow evening' }],
      ['an impossible date', { closesAt: '2099-02-31T19:00:00Z' }],
      ['a huge string', { closesAt: `2099-12-01T19:00:00Z${'9'.repeat(200_000)}` }],
      ['an object', { closesAt: { at: '2099-12-01T19:00:00Z' } }],
      ['nothing', {}],
      ['an array', [hoursFrom(clock, 40).toISOString()]],
    ];
    for (const [label, body] of bad) {
      const res = await club.call('PATCH', `/api/polls/${pollId}`, { token: mod, body });
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      expect(res.headers.get('content-type'), label).toContain('application/problem+json');
      expect(typeof res.body.detail, label).toBe('string');
    }
    const notJson = await club.call('PATCH', `/api/polls/${pollId}`, { token: mod, rawBody: 'closesAt=2099-12-01T19:00:00Z', contentType: 'text/plain' });
    expect(notJson.status).toBe(415);
    // Fields it does not take are ignored, as everywhere in the API: the poll stays open and its own.
    const extra = await ok<Poll>(club, 'PATCH', `/api/polls/${pollId}`, mod, { closesAt: before.closesAt, isClosed: true, title: 'Renamed', winnerPostId: options[1] });
    expect(extra).toMatchObject({ isClosed: false, title: before.title, closesAt: before.closesAt });
    expect(await pollOf(given, pollId)).toEqual(before);

    expect((await club.call('PATCH', '/api/polls/99999', { token: mod, body: { closesAt: hoursFrom(clock, 5).toISOString() } })).status).toBe(404);
    await vote(given, ann.token, pollId, [options[0]]);
    await ok(club, 'POST', `/api/rounds/close-poll/${pollId}`, mod);
    const closed = await club.call('PATCH', `/api/polls/${pollId}`, { token: mod, body: { closesAt: hoursFrom(clock, 5).toISOString() } });
    expect(closed.status).toBe(409);
    expect(closed.body.detail).toBe('This vote is already closed.');
  });

  it('close-discussion refuses a bad deadline the same way, and leaves the discussion open', async () => {
    const given = await startClub();
    const { club, mod, ann } = given;
    const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Bad' });
    await ok(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, ann.token, bookSuggestion('Dune'));
    for (const closesAt of [17, 'next week', '2099-12-01T19:00:00', `2099-${'1'.repeat(50_000)}`, ['2099-12-01T19:00:00Z']]) {
      const res = await club.call('POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, { token: mod, body: { closesAt } });
      expect(res.status, String(closesAt).slice(0, 40)).toBe(400);
      expect(res.body.errors.closesAt, String(closesAt).slice(0, 40)).toHaveLength(1);
    }
    expect(await ok(club, 'GET', `/api/discussions/${round.bookDiscussionId}`, mod)).toMatchObject({ isClosed: false, pollId: null });
    // No body, or a null deadline: a poll without one.
    const closed = await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, mod, { closesAt: null });
    expect((await pollOf(given, closed.discussion!.pollId!)).closesAt).toBeNull();
  });
});

describe('at the deadline the poll closes itself, as a moderator closing it then would', () => {
  it('one option on top: the book is chosen, the round names it, everyone hears the close', async () => {
    const given = await startClub();
    const { club, ann, ben, mod, clock } = given;
    const closesAt = hoursFrom(clock, 3);
    const { round, pollId, options } = await openPoll(given, closesAt);
    expect((await pollOf(given, pollId)).closesAt).toBe(closesAt.toISOString());
    const home = await ok(club, 'GET', '/api/home', ann.token);
    expect(home.currentPoll).toMatchObject({ pollId, closesAt: closesAt.toISOString() });
    await vote(given, ann.token, pollId, [options[0]]);
    await vote(given, ben.token, pollId, [options[0], options[1]]);
    const heard = await listen(club, ben.token);

    clock.advance(3 * HOUR - 1);
    await settle();
    expect((await pollOf(given, pollId)).isClosed).toBe(false);
    clock.advance(1);
    const poll = await closedPoll(given, pollId);
    expect(poll).toMatchObject({ isClosed: true, results: { winnerPostId: options[0] }, followupLink: { kind: 'Book' } });
    const books = await ok<{ bookId: number; post: Post }[]>(club, 'GET', '/api/books', mod);
    expect(books.map((book) => book.post.postId)).toEqual([options[0]]);
    expect((await roundOf(given, round.roundId)).bookId).toBe(books[0]!.bookId);
    await vi.waitFor(() => expect(heard.filter((p) => p.pollId === pollId && p.isClosed)).toHaveLength(1));
    // Closed, its counts are everyone's to see.
    expect(heard.find((p) => p.isClosed)!.results.votes.length).toBeGreaterThan(0);
  });

  it('a tie opens the tiebreaker, exactly as a moderator closing it would', async () => {
    const given = await startClub();
    const { club, ann, ben, mod, clock } = given;
    const { round, pollId, options } = await openPoll(given, hoursFrom(clock, 1));
    await vote(given, ann.token, pollId, [options[0]]);
    await vote(given, ben.token, pollId, [options[1]]);
    clock.advance(HOUR);
    const poll = await closedPoll(given, pollId);
    expect(poll).toMatchObject({ isClosed: true, results: { winnerPostId: null }, followupLink: { kind: 'Poll' } });
    const tiebreakerId = poll.followupLink!.entityId;
    expect((await roundOf(given, round.roundId)).bookTiebreakerPollId).toBe(tiebreakerId);
    const tiebreaker = await pollOf(given, tiebreakerId);
    expect(tiebreaker).toMatchObject({ isTiebreaker: true, previousPollId: pollId, isClosed: false, closesAt: null });
    expect(tiebreaker.options.map((option) => option.postId).sort()).toEqual([...options].sort());
    expect(await ok(club, 'GET', '/api/books', mod)).toEqual([]);
  });

  it('a theme poll opens the round\'s book discussion', async () => {
    const given = await startClub();
    const { club, ann, mod, clock } = given;
    const { round, pollId, options } = await openPoll(given, hoursFrom(clock, 1), 'Themes');
    await vote(given, ann.token, pollId, [options[1]]);
    clock.advance(2 * HOUR);
    const poll = await closedPoll(given, pollId);
    expect(poll.followupLink?.kind).toBe('Discussion');
    const after = await roundOf(given, round.roundId);
    expect(after.bookDiscussionId).toBe(poll.followupLink!.entityId);
    const discussion = await ok(club, 'GET', `/api/discussions/${after.bookDiscussionId}`, mod);
    expect(discussion).toMatchObject({ topic: 'Books', isClosed: false });
    expect(discussion.description).toContain('**Emma**');
  });

  it('without a vote the poll stays open with its deadline, and the moderators are told once, each in their language', async () => {
    const given = await startClub();
    const { club, mira, ann, clock } = given;
    const closesAt = hoursFrom(clock, 2);
    const { pollId, options } = await openPoll(given, closesAt);
    clock.advance(2 * HOUR);
    await vi.waitFor(() => expect(mails(given.dataDir, MISSED)).toHaveLength(2), { timeout: 5_000, interval: 20 });
    const told = mails(given.dataDir, MISSED);
    expect(told.map((mail) => mail.to).sort()).toEqual([ADMIN.email, mira.email].sort());
    expect(told.find((mail) => mail.to === ADMIN.email)!.subject).toMatch(/^\[Test Club\] No votes at the deadline: /);
    expect(told.find((mail) => mail.to === mira.email)!.subject).toMatch(/^\[Test Club\] Do termínu nikto nehlasoval: /);
    // The text as the outbox holds it (a sent mail's row keeps no body).
    expect((await waitForMail(given, mira.email)).text).toContain(`https://club.example.org/hlasovania/${pollId}`);
    expect(await pollOf(given, pollId)).toMatchObject({ isClosed: false, closesAt: closesAt.toISOString() });

    // It does not spin on it: no timer is left, however long time goes on, and nobody is told again.
    await settle();
    expect(clock.pendingTimers).toBe(0);
    clock.advance(72 * HOUR);
    await settle();
    expect(mails(given.dataDir, MISSED)).toHaveLength(2);
    // Once someone votes the moderators close it, or set a new deadline, which fires again.
    await vote(given, ann.token, pollId, [options[1]]);
    await ok(club, 'PATCH', `/api/polls/${pollId}`, given.mod, { closesAt: hoursFrom(clock, 1).toISOString() });
    clock.advance(HOUR);
    expect(await closedPoll(given, pollId)).toMatchObject({ results: { winnerPostId: options[1] } });
    expect(mails(given.dataDir, MISSED)).toHaveLength(2);
  });
});

describe('the reminder', () => {
  it('goes once, the lead time before the deadline, to exactly the active members who have not voted, each in their language', async () => {
    const given = await startClub();
    const { ann, ben, mira, clock } = given;
    const closesAt = hoursFrom(clock, 48);
    const { pollId, options } = await openPoll(given, closesAt);
    await vote(given, ann.token, pollId, [options[0]]);

    clock.advance(24 * HOUR - 60_000);
    await settle();
    expect(mails(given.dataDir, REMINDER)).toEqual([]);
    clock.advance(60_000);
    await vi.waitFor(() => expect(mails(given.dataDir, REMINDER).length).toBeGreaterThan(0), { timeout: 5_000, interval: 20 });
    await settle();
    const reminded = mails(given.dataDir, REMINDER);
    // Not Ann (she voted), not the bot, not the member who takes no part, not the disabled one.
    expect(reminded.map((mail) => mail.to).sort()).toEqual([ADMIN.email, ben.email, mira.email].sort());
    expect(reminded.find((mail) => mail.to === ben.email)!.subject).toMatch(/^\[Test Club\] Ešte si nehlasoval\/a: /);
    const toBen = await waitForMail(given, ben.email);
    // The deadline in the club's time zone, in Ben's language.
    const local = new Intl.DateTimeFormat('sk', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Bratislava' }).format(closesAt);
    expect(toBen.text).toContain(local);
    expect(toBen.text).toContain(`https://club.example.org/hlasovania/${pollId}`);
    expect(reminded.find((mail) => mail.to === ADMIN.email)!.subject).toMatch(/^\[Test Club\] Not voted yet: /);

    clock.advance(12 * HOUR);
    await settle();
    expect(mails(given.dataDir, REMINDER)).toHaveLength(3);
  });

  it('a deadline moved after its reminder went gets its own reminder before the new moment', async () => {
    const given = await startClub();
    const { club, mod, clock } = given;
    const { pollId } = await openPoll(given, hoursFrom(clock, 25));
    clock.advance(HOUR);
    await vi.waitFor(() => expect(mails(given.dataDir, REMINDER)).toHaveLength(4), { timeout: 5_000, interval: 20 });
    await ok(club, 'PATCH', `/api/polls/${pollId}`, mod, { closesAt: hoursFrom(clock, 72).toISOString() });
    clock.advance(47 * HOUR);
    await settle();
    expect(mails(given.dataDir, REMINDER)).toHaveLength(4);
    clock.advance(HOUR);
    await vi.waitFor(() => expect(mails(given.dataDir, REMINDER)).toHaveLength(8), { timeout: 5_000, interval: 20 });
  });
});

describe('after a restart', () => {
  it('a deadline that passed while the server was down fires late, once, and its reminder is not sent twice', async () => {
    const given = await startClub();
    const { ann, clock, dataDir } = given;
    const { pollId, options } = await openPoll(given, hoursFrom(clock, 48));
    await vote(given, ann.token, pollId, [options[1]]);
    clock.advance(25 * HOUR);
    await vi.waitFor(() => expect(mails(dataDir, REMINDER)).toHaveLength(3), { timeout: 5_000, interval: 20 });

    await clubs.pop()!.close();
    clock.advance(48 * HOUR);
    given.club = await serve(dataDir, clock);
    const poll = await closedPoll(given, pollId);
    expect(poll).toMatchObject({ results: { winnerPostId: options[1] }, followupLink: { kind: 'Book' } });
    await settle();
    expect(mails(dataDir, REMINDER)).toHaveLength(3);

    // And never twice: another restart finds nothing left to do.
    await clubs.pop()!.close();
    given.club = await serve(dataDir, clock);
    await settle();
    expect(await ok<unknown[]>(given.club, 'GET', '/api/books', given.mod)).toHaveLength(1);
    expect(mails(dataDir, REMINDER)).toHaveLength(3);
  });

  it('a reminder whose moment passed while the server was down goes late, once', async () => {
    const given = await startClub();
    const { clock, dataDir } = given;
    const { pollId } = await openPoll(given, hoursFrom(clock, 48));
    await clubs.pop()!.close();
    clock.advance(30 * HOUR);
    given.club = await serve(dataDir, clock);
    await vi.waitFor(() => expect(mails(dataDir, REMINDER)).toHaveLength(4), { timeout: 5_000, interval: 20 });
    await clubs.pop()!.close();
    given.club = await serve(dataDir, clock);
    await settle();
    expect(mails(dataDir, REMINDER)).toHaveLength(4);
    expect((await pollOf(given, pollId)).isClosed).toBe(false);
  });

  it('a reminder whose deadline also passed while the server was down is never sent: the poll just closes', async () => {
    const given = await startClub();
    const { ann, clock, dataDir } = given;
    const { pollId, options } = await openPoll(given, hoursFrom(clock, 48));
    await vote(given, ann.token, pollId, [options[0]]);
    await clubs.pop()!.close();
    clock.advance(50 * HOUR);
    given.club = await serve(dataDir, clock);
    await closedPoll(given, pollId);
    await settle();
    expect(mails(dataDir, REMINDER)).toEqual([]);
  });
});

describe('exactly once', () => {
  it('a moderator closing the poll as its deadline fires: one result, one book, one PollChanged close', async () => {
    const given = await startClub();
    const { club, ann, ben, mod, clock } = given;
    const heard = await listen(club, ben.token);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { pollId, options } = await openPoll(given, hoursFrom(clock, 1));
      const winner = options[i % 2]!;
      await vote(given, ann.token, pollId, [winner]);
      // The moderator's request and the deadline land at nearly the same moment, one way round or the other.
      const closing = club.call<RoundUpdate>('POST', `/api/rounds/close-poll/${pollId}`, { token: mod });
      await new Promise((resolve) => setTimeout(resolve, [0, 1, 3, 8][i]!));
      clock.advance(HOUR);
      const answer = await closing;
      statuses.push(answer.status);
      expect([200, 409]).toContain(answer.status);
      const poll = await closedPoll(given, pollId);
      expect(poll.results.winnerPostId).toBe(winner);
      await settle();
      expect(heard.filter((p) => p.pollId === pollId && p.isClosed)).toHaveLength(1);
    }
    expect(await ok<unknown[]>(club, 'GET', '/api/books', mod)).toHaveLength(4);
    // Whichever won, the other found it closed.
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
  });
});
