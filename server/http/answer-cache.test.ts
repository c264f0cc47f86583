import path from 'node:path';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeData as Home } from '../../shared/api/home';
import type { PollInfo } from '../../shared/api/poll';
import type { Post } from '../../shared/api/discussions';
import type { Round, RoundUpdate } from '../../shared/api/rounds';
import type { UserListEntry } from '../../shared/api/users';
import { addMember } from '../test-support/members';
import { startReadingClub, type ReadingClub } from '../test-support/reading-club';
import { bookSuggestion, ok } from '../test-support/round-helpers';
import { AnswerCache } from './answer-cache';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('AnswerCache', () => {
  const writeThrough = (cache: AnswerCache) => {
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const writing = cache.watchWrites()({ method: 'POST', path: '/api/x' } as never, () => done);
    return { finish: () => (finish(), writing) };
  };

  it('keeps an answer and answers it again without computing', async () => {
    const cache = new AnswerCache();
    let computed = 0;
    const compute = () => ({ n: ++computed });
    expect((await cache.answer('k', compute)).json.toString()).toBe('{"n":1}');
    expect((await cache.answer('k', compute)).json.toString()).toBe('{"n":1}');
    expect(computed).toBe(1);
  });

  it('computes afresh while a write is in flight, keeps nothing then, and forgets all after it', async () => {
    const cache = new AnswerCache();
    let computed = 0;
    const compute = () => ({ n: ++computed });
    await cache.answer('k', compute);
    const write = writeThrough(cache);
    expect((await cache.answer('k', compute)).json.toString()).toBe('{"n":2}');
    expect((await cache.answer('k', compute)).json.toString()).toBe('{"n":3}');
    await write.finish();
    expect(cache.size).toBe(0);
    expect((await cache.answer('k', compute)).json.toString()).toBe('{"n":4}');
    expect((await cache.answer('k', compute)).json.toString()).toBe('{"n":4}');
  });

  it('does not keep a read that a write overtook (it may have seen the database before the commit)', async () => {
    const cache = new AnswerCache();
    let release!: () => void;
    const slow = cache.answer('k', () => new Promise((resolve) => (release = () => resolve({ before: true }))));
    await writeThrough(cache).finish();
    release();
    expect((await slow).json.toString()).toBe('{"before":true}');
    expect(cache.size).toBe(0);
  });

  it('computes an answer once for the callers that ask while it is being computed, unless a write came between', async () => {
    const cache = new AnswerCache();
    let computed = 0;
    const releases: (() => void)[] = [];
    const compute = () => new Promise((resolve) => releases.push(() => resolve({ n: ++computed })));
    const together = [cache.answer('k', compute), cache.answer('k', compute), cache.answer('k', compute)];
    await writeThrough(cache).finish();
    const after = cache.answer('k', compute);
    for (const release of releases) release();
    expect((await Promise.all(together)).map((answer) => answer.json.toString())).toEqual(['{"n":1}', '{"n":1}', '{"n":1}']);
    expect((await after).json.toString()).toBe('{"n":2}');
  });

  it("forgets everything when another connection committed (SQLite's data_version moved)", async () => {
    let version = 1;
    const cache = new AnswerCache(() => version);
    let computed = 0;
    await cache.answer('k', () => ++computed);
    await cache.answer('k', () => ++computed);
    version = 2;
    // SQLite is asked once per turn of the event loop; the next request comes in a later one.
    expect((await cache.answer('k', () => ++computed)).json.toString()).toBe('1');
    await nextTurn();
    expect((await cache.answer('k', () => ++computed)).json.toString()).toBe('2');
  });

  it('compresses a kept answer once per encoding and hands every later caller the same bytes', async () => {
    const cache = new AnswerCache();
    const big = () => ({ text: 'Sand. '.repeat(2000) });
    const first = await cache.answer('k', big);
    const brotli = await first.encodedAs('br');
    const again = await cache.answer('k', big);
    expect(again).toBe(first);
    expect(await again.encodedAs('br')).toBe(brotli);
    expect(zlib.brotliDecompressSync(brotli).equals(first.json)).toBe(true);
    expect(zlib.gunzipSync(await again.encodedAs('gzip')).equals(first.json)).toBe(true);
  });

  it('keeps a small value until a write, computes it afresh during one, and forgets it after', async () => {
    let version = 1;
    const cache = new AnswerCache(() => version);
    let reads = 0;
    const read = () => ({ n: ++reads });
    expect(cache.kept('v', read)).toEqual({ n: 1 });
    expect(cache.kept('v', read)).toEqual({ n: 1 });
    const write = writeThrough(cache);
    expect(cache.kept('v', read)).toEqual({ n: 2 });
    expect(cache.kept('v', read)).toEqual({ n: 3 });
    await write.finish();
    expect(cache.kept('v', read)).toEqual({ n: 4 });
    expect(cache.kept('v', read)).toEqual({ n: 4 });
    version = 2;
    await nextTurn();
    expect(cache.kept('v', read)).toEqual({ n: 5 });
  });

  it('leaves reads and calls outside the API alone', async () => {
    const cache = new AnswerCache();
    await cache.answer('k', () => 1);
    for (const request of [
      { method: 'GET', path: '/api/home' },
      { method: 'POST', path: '/hubs/events/' },
    ]) {
      await cache.watchWrites()(request as never, async () => {});
    }
    expect(cache.size).toBe(1);
  });
});

// The same answers through the real server: every kind of write that changes a kept answer is seen by the
// next read, and what is one member's stays theirs.
describe('kept answers in a running club', () => {
  let reading: ReadingClub;
  let discussionId: number;
  let pollId: number;
  let duneId: number;
  const get = <T>(path: string, token: string) => ok<T>(reading.club, 'GET', path, token);
  /** Reads twice, so the second answer is the kept one when the route keeps answers. */
  const read = async <T>(path: string, token: string) => (await get<T>(path, token), get<T>(path, token));

  beforeAll(async () => {
    reading = await startReadingClub();
    const round = await ok<Round>(reading.club, 'POST', '/api/rounds', reading.mod, { topic: 'Books', title: 'Autumn' });
    discussionId = round.bookDiscussionId!;
    duneId = (await ok<Post>(reading.club, 'POST', `/api/discussions/${discussionId}`, reading.ann.token, bookSuggestion('Dune'))).postId;
  });
  afterAll(() => reading.club.close());

  it('a new post is in the discussion read next', async () => {
    await read(`/api/discussions/${discussionId}`, reading.ben.token);
    await ok(reading.club, 'POST', `/api/discussions/${discussionId}`, reading.ben.token, bookSuggestion('Emma'));
    const after = await get<{ posts: Post[] }>(`/api/discussions/${discussionId}`, reading.ben.token);
    expect(after.posts.map((post) => post.title)).toEqual(['Dune', 'Emma']);
  });

  it('closing the discussion closes it in the rounds and the discussion read next', async () => {
    await read('/api/rounds', reading.ann.token);
    await read(`/api/discussions/${discussionId}`, reading.ann.token);
    pollId = (await ok<RoundUpdate>(reading.club, 'POST', `/api/rounds/close-discussion/${discussionId}`, reading.mod)).discussion!.pollId!;
    expect((await get<{ isClosed: boolean }>(`/api/discussions/${discussionId}`, reading.ann.token)).isClosed).toBe(true);
    const rounds = await get<Round[]>('/api/rounds', reading.ann.token);
    expect(rounds.find((round) => round.bookDiscussionId === discussionId)!.bookPollId).toBe(pollId);
  });

  it("a vote is the voter's own: theirs shows in their poll, never in another member's", async () => {
    const bensBefore = await read<PollInfo>(`/api/polls/${pollId}`, reading.ben.token);
    expect(bensBefore.myVote).toBeNull();
    await read(`/api/polls/${pollId}`, reading.ann.token);
    await ok(reading.club, 'POST', `/api/polls/${pollId}/vote`, reading.ann.token, { postIds: [duneId] });
    const anns = await get<PollInfo>(`/api/polls/${pollId}`, reading.ann.token);
    expect(anns.myVote!.postIds).toEqual([duneId]);
    expect(anns.poll.results.votes.length).toBeGreaterThan(0);
    const bens = await get<PollInfo>(`/api/polls/${pollId}`, reading.ben.token);
    expect(bens.myVote).toBeNull();
    // Results stay hidden from a member who has not voted, though Ann's answer with them is kept.
    expect(bens.poll.results.votes).toEqual([]);
    expect(bens.poll.results.alreadyVoted).toEqual([reading.ann.userId]);
  });

  it('closing the poll shows its outcome in the poll read next', async () => {
    await read(`/api/polls/${pollId}`, reading.ben.token);
    await ok(reading.club, 'POST', `/api/rounds/close-poll/${pollId}`, reading.mod);
    expect((await get<PollInfo>(`/api/polls/${pollId}`, reading.ben.token)).poll.isClosed).toBe(true);
  });

  it('a profile, an avatar and a language change show in the next member list and home; each home keeps its own member', async () => {
    await read('/api/users', reading.ben.token);
    const annsHome = await read<Home>('/api/home', reading.ann.token);
    const bensHome = await read<Home>('/api/home', reading.ben.token);
    expect(annsHome.myProfile!.name).toBe('Ann');
    expect(bensHome.myProfile!.name).toBe('Ben');

    await ok(reading.club, 'POST', `/api/users/${encodeURIComponent(reading.ann.email)}`, reading.ann.token, { name: 'Ann', aboutMe: 'Reads **everything**.' });
    const ann = () => get<UserListEntry[]>('/api/users', reading.ben.token).then((list) => list.find((user) => user.email === reading.ann.email)!);
    expect((await ann()).aboutMe).toBe('Reads **everything**.');

    const form = new FormData();
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#a52' } })
      .png()
      .toBuffer();
    form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const before = (await ann()).avatarUrl;
    const uploaded = await fetch(`${reading.club.url}/api/users/avatar`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${reading.ann.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    expect((await ann()).avatarUrl).not.toBe(before);

    await ok(reading.club, 'POST', '/api/users/language', reading.ann.token, { language: 'sk' });
    expect((await get<Home>('/api/home', reading.ann.token)).myProfile!.language).toBe('sk');
    expect((await get<Home>('/api/home', reading.ben.token)).myProfile!.name).toBe('Ben');
  });

  it("what only moderators see stays theirs: a kept moderator's member list never reaches a member", async () => {
    const dan = await addMember(reading.club, { name: 'Dan' });
    await ok(reading.club, 'POST', `/api/admin/disable/${encodeURIComponent(dan.email)}`, reading.mod);
    const moderators = await read<UserListEntry[]>('/api/users', reading.mod);
    expect(moderators.map((user) => user.email)).toContain(dan.email);
    const members = await read<UserListEntry[]>('/api/users', reading.ann.token);
    expect(members.map((user) => user.email)).not.toContain(dan.email);
    expect((await get<UserListEntry[]>('/api/users', reading.mod)).map((user) => user.email)).toContain(dan.email);
  });

  it('a new noticeboard is on the home read next', async () => {
    await read('/api/home', reading.ben.token);
    await ok(reading.club, 'POST', '/api/admin/noticeboard', reading.mod, { text: 'Meeting on *Friday*.' });
    expect(JSON.stringify(await get<Home>('/api/home', reading.ben.token))).toContain('Meeting on');
  });

  it("an account disabled or renamed by another connection is seen at once by the next request's sign-in", async () => {
    const eve = await addMember(reading.club, { name: 'Eve' });
    await read('/api/home', eve.token);
    const sql = new Database(path.join(reading.club.dataDir, 'bookclub.db'));
    try {
      sql.prepare(`UPDATE "user" SET "name" = 'Evelyn' WHERE "id" = ?`).run(eve.userId);
      expect((await get<Home>('/api/home', eve.token)).myProfile!.name).toBe('Evelyn');
      sql.prepare(`UPDATE "user" SET "disabledOn" = ? WHERE "id" = ?`).run(new Date().toISOString(), eve.userId);
    } finally {
      sql.close();
    }
    const refused = await fetch(`${reading.club.url}/api/home`, { headers: { Authorization: `Bearer ${eve.token}` } });
    expect(((await refused.json()) as Home).myProfile).toBeNull();
    const rounds = await fetch(`${reading.club.url}/api/rounds`, { headers: { Authorization: `Bearer ${eve.token}` } });
    expect(rounds.status).toBe(401);
  });

  it('a kept answer goes out only to whom the route is for: never to a visitor, an ended session or a bot on a moderator route', async () => {
    await read('/api/rounds', reading.ann.token);
    const visitor = await fetch(`${reading.club.url}/api/rounds`);
    expect(visitor.status).toBe(401);
    const forged = await fetch(`${reading.club.url}/api/rounds`, { headers: { Authorization: 'Bearer not.a.token' } });
    expect(forged.status).toBe(401);
    // A bot reads what members read.
    expect((await fetch(`${reading.club.url}/api/rounds`, { headers: { Authorization: `Bearer ${reading.bot.token}` } })).status).toBe(200);
    const fay = await addMember(reading.club, { name: 'Fay' });
    await read('/api/rounds', fay.token);
    await ok(reading.club, 'POST', `/api/admin/disable/${encodeURIComponent(fay.email)}`, reading.mod);
    expect((await fetch(`${reading.club.url}/api/rounds`, { headers: { Authorization: `Bearer ${fay.token}` } })).status).toBe(401);
  });

  it('a kept answer carries the same headers as a computed one', async () => {
    await ok(reading.club, 'POST', '/api/admin/noticeboard', reading.mod, { text: 'Headers.' });
    const headers = { Authorization: `Bearer ${reading.ben.token}`, 'Accept-Encoding': 'gzip, br' };
    const computed = await fetch(`${reading.club.url}/api/rounds`, { headers });
    const kept = await fetch(`${reading.club.url}/api/rounds`, { headers });
    const shown = (response: Response) => {
      const all = Object.fromEntries(response.headers.entries());
      delete all.date;
      return all;
    };
    expect(shown(kept)).toEqual(shown(computed));
    expect(await kept.text()).toBe(await computed.text());
  });

  it('a change committed by another connection (not through the API) is in the next member list', async () => {
    await read('/api/users', reading.ann.token);
    const sql = new Database(path.join(reading.club.dataDir, 'bookclub.db'));
    try {
      sql.prepare(`UPDATE "user" SET "name" = 'Benjamin' WHERE "id" = ?`).run(reading.ben.userId);
    } finally {
      sql.close();
    }
    const names = (await get<UserListEntry[]>('/api/users', reading.ann.token)).map((user) => user.name);
    expect(names).toContain('Benjamin');
  });
});
