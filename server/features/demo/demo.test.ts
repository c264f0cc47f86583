import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../../shared/api/accounts';
import type { HomeData } from '../../../shared/api/home';
import type { MeetingList } from '../../../shared/api/meetings';
import type { Poll, Vote } from '../../../shared/api/poll';
import type { Round } from '../../../shared/api/rounds';
import { CliError, demoChoices, parseCommand } from '../../cli';
import { DEMO_FOLDER_PREFIX, removeAbandonedDemos, startDemo, type DemoChoices, type RunningDemo } from '../../demo';
import type { ServerConfig } from '../../settings';
import { startTestServer } from '../../test-support/test-server';

// The demo club (`npm start -- demo`): its lively history in both languages, its temporary folder, and
// the one-click sign-in that exists only there.

/** A host's settings for their real club: its folder, mail server and chat room, none of which the demo may use. */
function realClubConfig(dataDir: string): ServerConfig {
  return {
    dataDir,
    port: 0,
    host: '127.0.0.1',
    siteName: 'Our Real Club',
    defaultLanguage: 'en',
    matrixRoomLink: 'https://matrix.to/#/#real:example.org',
    smtpUrl: 'smtp://127.0.0.1:9',
    rendererDir: null,
    quiet: true,
    backupsKept: 7,
    openLibrary: null,
    matrix: { homeserver: 'http://127.0.0.1:9', roomId: '!real:example.org', accessToken: 'secret' },
  };
}

const CHOICES: DemoChoices = { language: 'en', port: true, host: true, siteName: false };

async function call<T>(demo: RunningDemo, method: string, apiPath: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`http://127.0.0.1:${demo.server.port}${apiPath}`, {
    method,
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function signIn(demo: RunningDemo, role: string): Promise<LoginResponse> {
  const answer = await call<LoginResponse>(demo, 'POST', '/api/demo/sign-in', undefined, { role });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('the demo club in English', () => {
  let realDir: string;
  let demo: RunningDemo;
  let member: LoginResponse;
  beforeAll(async () => {
    realDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-real-'));
    fs.writeFileSync(path.join(realDir, 'marker.txt'), 'the real club');
    demo = await startDemo(realClubConfig(realDir), CHOICES);
    member = await signIn(demo, 'member');
  });
  afterAll(async () => {
    await demo.close();
    fs.rmSync(realDir, { recursive: true, force: true });
  });

  it('lives in a new temporary folder, never the real data folder, and sends nothing anywhere', () => {
    expect(demo.dataDir.startsWith(path.join(os.tmpdir(), DEMO_FOLDER_PREFIX))).toBe(true);
    expect(fs.existsSync(path.join(demo.dataDir, 'bookclub.db'))).toBe(true);
    expect(fs.existsSync(path.join(demo.dataDir, 'images', 'covers', 'demo-en-b1.webp'))).toBe(true);
    expect(fs.readdirSync(realDir)).toEqual(['marker.txt']);
    expect(demo.config).toMatchObject({ dataDir: demo.dataDir, smtpUrl: null, matrix: null, matrixRoomLink: null, backupsKept: 0, publicUrl: undefined });
  });

  it('tells visitors it is the demo, with whom they may sign in as', async () => {
    const home = (await call<HomeData>(demo, 'GET', '/api/home')).body;
    expect(home.siteName).toBe('Lamplight Readers');
    expect(home.demo).toEqual({
      accounts: [
        { role: 'member', name: 'Priya Nair' },
        { role: 'moderator', name: 'Marcus Bell' },
        { role: 'admin', name: 'Eleanor Hart' },
      ],
    });
  });

  it('signs in with one click as a member, a moderator or the admin, each a normal session', async () => {
    expect(member).toMatchObject({ name: 'Priya Nair', isModerator: false, isAdmin: false });
    expect(await signIn(demo, 'moderator')).toMatchObject({ name: 'Marcus Bell', isModerator: true, isAdmin: false });
    const admin = await signIn(demo, 'admin');
    expect(admin).toMatchObject({ name: 'Eleanor Hart', isModerator: true, isAdmin: true });
    expect((await call(demo, 'GET', '/api/admin/bots', admin.token)).status).toBe(200);
    expect((await call(demo, 'GET', '/api/admin/bots', member.token)).status).toBe(403);
    expect((await call(demo, 'POST', '/api/demo/sign-in', undefined, { role: 'bot' })).status).toBe(400);
    const missing = await call<{ errors: Record<string, string[]> }>(demo, 'POST', '/api/demo/sign-in', undefined, {});
    expect([missing.status, Object.keys(missing.body.errors)]).toEqual([400, ['role']]);
  });

  it('shows a lively home: three books, the current one first, an open vote with a deadline and an open discussion', async () => {
    const home = (await call<HomeData>(demo, 'GET', '/api/home', member.token)).body;
    expect(home.books.map((book) => [book.order, book.post.title])).toEqual([
      [3, 'Circe'],
      [2, 'The Name of the Rose'],
      [1, 'The Remains of the Day'],
    ]);
    expect(home.books[0]!.post.imageUrl).toBe('/images/covers/demo-en-b10.webp');
    expect(home.notice).toContain('Lamplight Readers');
    expect(home.currentPoll).toMatchObject({ topic: 'Books', isClosed: false });
    expect(Date.parse(home.currentPoll!.closesAt!)).toBeGreaterThan(Date.now());
    expect(home.currentDiscussion).toMatchObject({ topic: 'Themes', isClosed: false });
    const cover = await fetch(`http://127.0.0.1:${demo.server.port}${home.books[0]!.post.imageUrl}`);
    expect([cover.status, cover.headers.get('content-type')]).toEqual([200, 'image/webp']);
  });

  it('has a theme round and a book poll that ended in a tie, settled by a tiebreaker', async () => {
    const rounds = (await call<Round[]>(demo, 'GET', '/api/rounds', member.token)).body;
    expect(rounds).toHaveLength(5);
    const tied = rounds.find((round) => round.bookTiebreakerPollId !== null)!;
    expect(tied.topic).toBe('Themes');
    expect(tied.themePollId).not.toBeNull();
    const first = (await call<{ poll: Poll; myVote: Vote | null }>(demo, 'GET', `/api/polls/${tied.bookPollId}`, member.token)).body.poll;
    expect(first.isClosed).toBe(true);
    expect(first.results.winnerPostId).toBeNull();
    expect(first.results.votes[0]!.votes).toBe(first.results.votes[1]!.votes);
    expect(first.followupLink).toEqual({ kind: 'Poll', entityId: tied.bookTiebreakerPollId });
    const tiebreaker = (await call<{ poll: Poll; myVote: Vote | null }>(demo, 'GET', `/api/polls/${tied.bookTiebreakerPollId}`, member.token)).body.poll;
    expect(tiebreaker).toMatchObject({ isTiebreaker: true, isClosed: true, previousPollId: first.pollId, decidedByLot: false });
    expect(tiebreaker.options).toHaveLength(2);
    expect(tiebreaker.followupLink).toEqual({ kind: 'Book', entityId: tied.bookId });
    expect(tied.book!.post.postId).toBe(tiebreaker.results.winnerPostId);
  });

  it('leaves the open vote to the one-click member, whose ballot counts', async () => {
    const home = (await call<HomeData>(demo, 'GET', '/api/home', member.token)).body;
    const open = (await call<{ poll: Poll; myVote: Vote | null }>(demo, 'GET', `/api/polls/${home.currentPoll!.pollId}`, member.token)).body;
    expect(open.myVote).toBeNull();
    expect(open.poll.results.alreadyVoted.length).toBeGreaterThan(3);
    const vote = await call(demo, 'POST', `/api/polls/${open.poll.pollId}/vote`, member.token, { postIds: [open.poll.options[0]!.postId] });
    expect(vote.status).toBe(200);
  });

  it('has reviews with and without stars, meetings past and upcoming with answers and check-ins, and reading progress', async () => {
    const reviews = (await call<{ rating: number | null; ownerName: string }[]>(demo, 'GET', '/api/reviews/book/1', member.token)).body;
    expect(reviews.length).toBeGreaterThanOrEqual(5);
    expect(reviews.some((review) => review.rating === null)).toBe(true);
    expect(reviews.some((review) => review.rating === 5)).toBe(true);
    const meetings = (await call<MeetingList>(demo, 'GET', '/api/meetings', member.token)).body;
    expect(meetings.upcoming).toHaveLength(1);
    expect(meetings.upcoming[0]!.rsvp.going.length).toBeGreaterThan(3);
    expect(meetings.upcoming[0]!.myRsvp).toBeNull();
    expect(meetings.past).toHaveLength(2);
    for (const past of meetings.past) expect(past.checkedIn.length).toBeGreaterThan(4);
    const progress = (await call<{ shared: unknown[] }>(demo, 'GET', '/api/books/3/progress', member.token)).body;
    expect(progress.shared.length).toBeGreaterThanOrEqual(6);
    expect((await call<unknown[]>(demo, 'GET', '/api/recommendations', member.token)).body).toHaveLength(6);
    expect((await call<unknown[]>(demo, 'GET', '/api/search?query=Circe', member.token)).body.length).toBeGreaterThan(0);
  });
});

describe('the demo club', () => {
  const started: RunningDemo[] = [];
  const realDirs: string[] = [];
  const realDir = () => {
    realDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-real-')));
    return realDirs.at(-1)!;
  };
  afterEach(async () => {
    for (const demo of started.splice(0)) await demo.close();
    for (const dir of realDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is written in Slovak when asked, with Slovak titles the club writes itself', async () => {
    const demo = await startDemo(realClubConfig(realDir()), { ...CHOICES, language: 'sk' });
    started.push(demo);
    const home = (await call<HomeData>(demo, 'GET', '/api/home')).body;
    expect([home.siteName, home.defaultLanguage]).toEqual(['Čitatelia pri lampe', 'sk']);
    const member = await signIn(demo, 'member');
    expect(member.name).toBe('Jana Novotná');
    const rounds = (await call<Round[]>(demo, 'GET', '/api/rounds', member.token)).body;
    const tied = rounds.find((round) => round.bookTiebreakerPollId !== null)!;
    const tiebreaker = (await call<{ poll: Poll; myVote: Vote | null }>(demo, 'GET', `/api/polls/${tied.bookTiebreakerPollId}`, member.token)).body.poll;
    expect(tiebreaker.title).toBe('Rozstrel: Kolo s témou: návrhy kníh: hlasovanie');
    expect(tied.book!.post.title).toBe('Meno ruže');
  });

  it("deletes what a killed demo left behind, never a running demo's folder or a fresh one", async () => {
    const tmp = realDir();
    const abandoned = path.join(tmp, `${DEMO_FOLDER_PREFIX}old`);
    const fresh = path.join(tmp, `${DEMO_FOLDER_PREFIX}new`);
    const running = path.join(tmp, `${DEMO_FOLDER_PREFIX}running`);
    const other = path.join(tmp, 'bookclub-real-club');
    for (const folder of [abandoned, fresh, running, other]) fs.mkdirSync(folder);
    fs.writeFileSync(path.join(running, 'server.pid'), String(process.pid));
    const later = Date.now() + 2 * 60 * 60 * 1000;
    fs.utimesSync(fresh, new Date(later), new Date(later));
    expect(removeAbandonedDemos(tmp, later)).toEqual([abandoned]);
    expect(fs.readdirSync(tmp).sort()).toEqual(['bookclub-demo-new', 'bookclub-demo-running', 'bookclub-real-club']);
  });

  it('deletes its folder when it stops', async () => {
    const demo = await startDemo(realClubConfig(realDir()), CHOICES);
    started.push(demo);
    expect(fs.existsSync(demo.dataDir)).toBe(true);
    await demo.close();
    expect(fs.existsSync(demo.dataDir)).toBe(false);
  });
});

describe('a real club', () => {
  it('has no demo sign-in: whatever is sent, it is a route that is not there', async () => {
    const club = await startTestServer();
    try {
      for (const body of [{ role: 'admin' }, { role: 'nobody' }, undefined]) {
        const answer = await club.call('POST', '/api/demo/sign-in', { body });
        expect([answer.status, answer.body.detail]).toEqual([404, 'There is no POST /api/demo/sign-in in this API.']);
      }
      expect((await club.call('GET', '/api/demo/sign-in')).status).toBe(404);
      expect((await club.call<HomeData>('GET', '/api/home')).body.demo).toBeNull();
    } finally {
      await club.close();
      fs.rmSync(club.dataDir, { recursive: true, force: true });
    }
  });
});

describe('npm start -- demo', () => {
  it('is the demo command, with its language and only the settings given on the command line', () => {
    const parsed = parseCommand(['demo', '--language', 'sk', '--port=9000']);
    expect([parsed.command, parsed.language, parsed.rest]).toEqual(['demo', 'sk', ['--port=9000']]);
    expect(demoChoices(parsed, 'en')).toEqual({ language: 'sk', port: true, host: false, siteName: false });
    expect(demoChoices(parseCommand(['demo']), 'sk')).toEqual({ language: 'sk', port: false, host: false, siteName: false });
    expect(() => demoChoices(parseCommand(['demo', '--language', 'cs']), 'en')).toThrow(CliError);
  });
});
