import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Shelves } from '../../../shared/api/shelves';
import type { Round, RoundUpdate } from '../../../shared/api/rounds';
import { addMember, type TestMember } from '../../test-support/members';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { ManualClock } from '../../test-support/manual-clock';
import { ADMIN, setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';
import { startFakeShelfSites, type FakeShelfSites } from './fake-shelf-sites';

// The club's schedule reads linked shelves every SHELF_SYNC_INTERVAL_HOURS, one member at a time with a pause
// between them, and leaves a site alone for a while after it answers 429 or 5xx. Time is the club's clock.
const PAUSE_MS = 30_000;
let club: TestServer;
let sites: FakeShelfSites;
let clock: ManualClock;
let members: TestMember[];

beforeAll(async () => {
  sites = await startFakeShelfSites();
  clock = new ManualClock('2026-12-01T08:00:00Z');
  club = await startTestServer({
    clock,
    shelves: { goodreadsUrl: sites.url, storygraphUrl: sites.url, intervalHours: 6, pauseMs: PAUSE_MS, timeoutMs: 1_000, syncsPerMinute: 1000 },
  });
  await setUpClub(club);
  members = [await addMember(club, { name: 'One' }), await addMember(club, { name: 'Two' })];
  for (const [i, member] of members.entries()) {
    const id = String(2000 + i);
    sites.goodreads(id, 'currently-reading', [{ bookId: `${id}1`, title: `Reading ${i}` }]);
    sites.goodreads(id, 'read', []);
    const linked = await club.call<Shelves>('PUT', `/api/shelves/${member.userId}`, {
      token: member.token,
      body: { profileUrl: `https://www.goodreads.com/user/show/${id}` },
    });
    expect(linked.body.link!.nextSyncOn).toBe('2026-12-01T14:00:00.000Z');
  }
});
afterAll(async () => {
  await club.close();
  await sites.close();
});

/** The admin's token (the club was set up in beforeAll). */
async function setUpClubAdmin(): Promise<string> {
  const login = await club.call<{ token: string }>('POST', '/api/accounts/login', { body: ADMIN });
  return login.body.token;
}
const shelvesOf = async (member: TestMember) => (await club.call<Shelves>('GET', `/api/shelves/${member.userId}`, { token: member.token })).body;
const feedsAsked = () => sites.requested.filter((path) => path.startsWith('/review/list_rss/'));

describe('the shelves on the club schedule', () => {
  it('reads each linked profile when due, one member at a time with a pause between them', async () => {
    for (const id of ['2000', '2001']) sites.goodreads(id, 'currently-reading', [{ bookId: `${id}9`, title: 'Changed on Goodreads' }]);
    const changed = async () => {
      const shelves = await Promise.all(members.map(shelvesOf));
      return shelves.filter((shelf) => shelf.currentlyReading[0]?.title === 'Changed on Goodreads');
    };
    const asked = feedsAsked().length;
    clock.set('2026-12-01T14:00:00Z');
    await vi.waitFor(() => expect(feedsAsked().length).toBe(asked + 2));
    // The second member waits for the pause.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(feedsAsked().length).toBe(asked + 2);
    // What a site answers is read in a thread of its own (server/page-reader.ts): written a moment after it came.
    await vi.waitFor(async () => expect(await changed()).toHaveLength(1));
    clock.advance(PAUSE_MS);
    await vi.waitFor(() => expect(feedsAsked().length).toBe(asked + 4));
    await vi.waitFor(async () => expect(await changed()).toHaveLength(2));
    const both = await changed();
    expect(both.map((shelf) => shelf.link!.lastSyncedOn).sort()).toEqual(['2026-12-01T14:00:00.000Z', '2026-12-01T14:00:30.000Z']);
    expect(both.map((shelf) => shelf.link!.nextSyncOn).sort()).toEqual(['2026-12-01T20:00:00.000Z', '2026-12-01T20:00:30.000Z']);
  });

  it('after a 429 leaves the site alone (the others too) and tries again later, longer after each failure', async () => {
    // Whoever is due first (at 20:00) meets the 429.
    const shelves = await Promise.all(members.map(shelvesOf));
    const firstIndex = shelves.findIndex((shelf) => shelf.link!.nextSyncOn === '2026-12-01T20:00:00.000Z');
    const feed = `/review/list_rss/${2000 + firstIndex}?shelf=currently-reading`;
    sites.misbehave(feed, 'tooManyRequests');
    const asked = feedsAsked().length;
    clock.set('2026-12-01T20:00:00Z');
    await vi.waitFor(() => expect(feedsAsked().length).toBe(asked + 1));
    const first = await shelvesOf(members[firstIndex]!);
    expect(first.link!.lastError).toMatch(/answered with an error/);
    expect(first.link!.nextSyncOn).toBe('2026-12-01T20:30:00.000Z');
    // The other member fell due meanwhile, but Goodreads asked us to slow down: nobody's feed is asked.
    clock.set('2026-12-01T20:10:00Z');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(feedsAsked().length).toBe(asked + 1);
    // Nor for a member's "read now": the link says why, and when the schedule reads it.
    const other = members[1 - firstIndex]!;
    const waited = await club.call<Shelves>('POST', `/api/shelves/${other.userId}/sync`, { token: other.token });
    expect(waited.status).toBe(200);
    expect(waited.body.link).toMatchObject({ lastError: expect.stringMatching(/asked the club to wait/), nextSyncOn: '2026-12-01T20:30:00.000Z' });
    expect(feedsAsked().length).toBe(asked + 1);
    sites.misbehave(feed, null);
    clock.set('2026-12-01T20:30:00Z');
    await vi.waitFor(() => expect(feedsAsked().length).toBe(asked + 3));
    // One member's reading is written (the pause counts from then) before the clock moves on.
    const synced = async () => (await Promise.all(members.map(shelvesOf))).map((shelf) => shelf.link!.lastSyncedOn);
    await vi.waitFor(async () => expect(await synced()).toContain('2026-12-01T20:30:00.000Z'));
    clock.advance(PAUSE_MS);
    await vi.waitFor(() => expect(feedsAsked().length).toBe(asked + 5));
    await vi.waitFor(async () => expect((await synced()).sort()).toEqual(['2026-12-01T20:30:00.000Z', '2026-12-01T20:30:30.000Z']));
    expect((await Promise.all(members.map(shelvesOf))).map((shelf) => shelf.link!.lastError)).toEqual([null, null]);
  });

  it('a site that is slow to answer does not hold up the schedule: a poll closes at its deadline meanwhile', async () => {
    const mod = await setUpClubAdmin();
    const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'On time' });
    const discussionId = round.bookDiscussionId!;
    const options: number[] = [];
    for (const [i, member] of members.entries()) {
      options.push((await ok<{ postId: number }>(club, 'POST', `/api/discussions/${discussionId}`, member.token, bookSuggestion(`Book ${i}`))).postId);
    }
    const due = (await Promise.all(members.map(shelvesOf))).map((shelf) => shelf.link!.nextSyncOn!).sort()[0]!;
    const closesAt = new Date(Date.parse(due) + 1_000).toISOString();
    const closed = await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${discussionId}`, mod, { closesAt });
    const pollId = closed.discussion!.pollId!;
    await ok(club, 'POST', `/api/polls/${pollId}/vote`, members[0]!.token, { postIds: [options[0]] });
    for (const id of ['2000', '2001']) sites.misbehave(`/review/list_rss/${id}?shelf=currently-reading`, 'slow');
    const asked = feedsAsked().length;
    const triedBefore = (await Promise.all(members.map(shelvesOf))).map((shelf) => shelf.link!.lastTriedOn);

    clock.set(due);
    await vi.waitFor(() => expect(feedsAsked().length).toBe(asked + 1));
    clock.set(closesAt);
    // Well before the feed's 1 s limit: the poll's close did not wait for the feed.
    await vi.waitFor(async () => expect((await ok(club, 'GET', `/api/polls/${pollId}`, mod)).poll.isClosed).toBe(true), { timeout: 700, interval: 20 });
    expect((await Promise.all(members.map(shelvesOf))).map((shelf) => shelf.link!.lastTriedOn)).toEqual(triedBefore);
    // The slow reading ends as a failure of its own, later.
    await vi.waitFor(async () => expect((await Promise.all(members.map(shelvesOf))).some((shelf) => shelf.link!.lastError !== null)).toBe(true));
    for (const id of ['2000', '2001']) sites.misbehave(`/review/list_rss/${id}?shelf=currently-reading`, null);
  });

  it('reads nothing on its own with SHELF_SYNC_INTERVAL_HOURS 0: only links and "read now" do', async () => {
    const quiet = await startTestServer({
      clock: new ManualClock('2026-12-01T08:00:00Z'),
      shelves: { goodreadsUrl: sites.url, storygraphUrl: null, intervalHours: 0 },
    });
    try {
      await setUpClub(quiet);
      const member = await addMember(quiet);
      const linked = await quiet.call<Shelves>('PUT', `/api/shelves/${member.userId}`, {
        token: member.token,
        body: { profileUrl: 'https://www.goodreads.com/user/show/2000' },
      });
      expect(linked.body.link).toMatchObject({ nextSyncOn: null, lastError: null });
    } finally {
      await quiet.close();
    }
  });
});
