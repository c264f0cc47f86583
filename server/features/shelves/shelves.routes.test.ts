import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shelves } from '../../../shared/api/shelves';
import type { CurrentlyReading } from '../../../shared/api/users';
import { ManualClock } from '../../test-support/manual-clock';
import { addMember, type TestMember } from '../../test-support/members';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';
import { startFakeShelfSites, type FakeShelfSites, type FeedItem, type Misbehaviour } from './fake-shelf-sites';

// The routes over real HTTP in a whole club, reading a fake Goodreads and StoryGraph on 127.0.0.1; the
// schedule is off here (shelf-schedule.test.ts drives it), so each reading is a link or a "read now".
let club: TestServer;
let sites: FakeShelfSites;
let anna: TestMember;
let bea: TestMember;
let moderator: TestMember;
let bot: TestMember;
/** The club's clock: moved on a day past a site's back-off (shelf-sync.ts) where a test made it back off. */
const clock = new ManualClock();
const DAY_MS = 24 * 60 * 60 * 1000;

const DUNE: FeedItem = { bookId: '234225', title: 'Dune (Dune, #1)', author: 'Frank Herbert', pages: 604, addedAt: 'Mon, 01 Sep 2025 10:00:00 -0700' };
const PIRANESI: FeedItem = { bookId: '50202953', title: 'Piranesi', author: 'Susanna Clarke', rating: 5, readAt: 'Wed, 10 Sep 2025 00:00:00 +0000' };
const LETO: FeedItem = { bookId: '11', title: 'Čítať v lete', author: 'Mária Ďurčová', rating: 3, plainTitle: true };

beforeAll(async () => {
  sites = await startFakeShelfSites();
  club = await startTestServer({
    clock,
    shelves: { goodreadsUrl: sites.url, storygraphUrl: sites.url, intervalHours: 0, timeoutMs: 1_000, syncsPerMinute: 1000 },
  });
  await setUpClub(club);
  anna = await addMember(club, { name: 'Anna' });
  bea = await addMember(club, { name: 'Bea' });
  moderator = await addMember(club, { name: 'Mo', moderator: true });
  bot = await addMember(club, { bot: true });
  sites.goodreads('1001', 'currently-reading', [DUNE]);
  sites.goodreads('1001', 'read', [PIRANESI, LETO]);
  sites.storygraph('bea_reads', 'currently-reading', [{ id: 'sg-1', title: 'Sága o Ľudovi', authors: ['Ján Hrach'], series: 'Ľudia' }]);
  sites.storygraph('bea_reads', 'read', []);
});
afterAll(async () => {
  await club.close();
  await sites.close();
});

const shelvesOf = (member: TestMember, token = member.token, language = 'en') =>
  club.call<Shelves>('GET', `/api/shelves/${member.userId}`, { token, headers: { 'Accept-Language': language } });
const link = (member: TestMember, profileUrl: unknown, token = member.token, language = 'en') =>
  club.call<Shelves>('PUT', `/api/shelves/${member.userId}`, { token, body: { profileUrl }, headers: { 'Accept-Language': language } });
const syncNow = (member: TestMember, token = member.token, language = 'en') =>
  club.call<Shelves>('POST', `/api/shelves/${member.userId}/sync`, { token, headers: { 'Accept-Language': language } });
const unlink = (member: TestMember, token = member.token) => club.call<Shelves>('DELETE', `/api/shelves/${member.userId}`, { token });
const readingOf = async (member: TestMember) =>
  (await club.call<{ currentlyReading: CurrentlyReading[] }>('GET', `/api/users/${member.email}`, { token: member.token })).body.currentlyReading;
const titles = (entries: { title: string }[]) => entries.map((entry) => entry.title);

describe('linking a profile', () => {
  it('reads both shelves at once, shows them to every member, and feeds the reading list beside what the member typed', async () => {
    await club.call('POST', '/api/reviews/currentlyreading', { token: anna.token, body: { title: 'Typed by hand', author: null } });
    const linked = await link(anna, 'https://www.goodreads.com/user/show/1001-anna-novakova?ref=nav');
    expect(linked.status).toBe(200);
    expect(linked.body.link).toMatchObject({ site: 'Goodreads', profileUrl: 'https://www.goodreads.com/user/show/1001', lastError: null, nextSyncOn: null });
    expect(linked.body.link!.lastSyncedOn).not.toBeNull();
    expect(linked.body.currentlyReading).toEqual([
      expect.objectContaining({
        shelf: 'currently-reading',
        site: 'Goodreads',
        externalBookId: '234225',
        title: 'Dune (Dune, #1)',
        pageCount: 604,
        addedOn: '2025-09-01T17:00:00.000Z',
      }),
    ]);
    expect(linked.body.read).toEqual([
      expect.objectContaining({ title: 'Piranesi', rating: 5, readOn: '2025-09-10T00:00:00.000Z' }),
      expect.objectContaining({ title: 'Čítať v lete', author: 'Mária Ďurčová', rating: 3 }),
    ]);
    expect(linked.body.readCount).toBe(2);
    expect(sites.requested.slice(-2)).toEqual(['/review/list_rss/1001?shelf=currently-reading', '/review/list_rss/1001?shelf=read']);

    const seenByBea = await shelvesOf(anna, bea.token);
    expect(seenByBea.status).toBe(200);
    expect(titles(seenByBea.body.read)).toEqual(['Piranesi', 'Čítať v lete']);
    expect((await shelvesOf(anna, bot.token)).status).toBe(200);

    const reading = await readingOf(anna);
    expect(reading.map(({ title, fromShelf }) => ({ title, fromShelf }))).toEqual([
      { title: 'Typed by hand', fromShelf: null },
      { title: 'Dune (Dune, #1)', fromShelf: 'Goodreads' },
    ]);
    // A shelf's book goes with the shelf, not by hand (the next reading would bring it back).
    const fromShelf = reading.find((entry) => entry.fromShelf)!;
    const removed = await club.call('DELETE', `/api/reviews/currentlyreading/${fromShelf.entryId}`, { token: anna.token });
    expect(removed.status).toBe(409);
    expect(removed.body.detail).toMatch(/linked Goodreads or StoryGraph shelf/);
    const page = await club.call('GET', '/api/users/page?q=Anna', { token: bea.token });
    expect(page.body.users[0].currentlyReadingCount).toBe(2);
  });

  it('keeps the shelves current: a book finished moves to read, a book taken off goes, unchanged ones keep their ids', async () => {
    const before = (await shelvesOf(anna)).body;
    sites.goodreads('1001', 'currently-reading', []);
    sites.goodreads('1001', 'read', [{ ...DUNE, rating: 4, readAt: 'Thu, 18 Sep 2025 21:00:00 PDT' }, PIRANESI]);
    const after = await syncNow(anna);
    expect(after.status).toBe(200);
    expect(after.body.currentlyReading).toEqual([]);
    expect(after.body.read.map(({ title, rating, readOn }) => ({ title, rating, readOn }))).toEqual([
      { title: 'Dune (Dune, #1)', rating: 4, readOn: '2025-09-19T04:00:00.000Z' },
      { title: 'Piranesi', rating: 5, readOn: '2025-09-10T00:00:00.000Z' },
    ]);
    expect(after.body.read[1]!.entryId).toBe(before.read[0]!.entryId);
    expect(titles(await readingOf(anna))).toEqual(['Typed by hand']);
  });

  it('links a StoryGraph profile the same way', async () => {
    const linked = await link(bea, 'https://app.thestorygraph.com/profile/bea_reads');
    expect(linked.status).toBe(200);
    expect(linked.body.link).toMatchObject({ site: 'Storygraph', lastError: null });
    expect(linked.body.currentlyReading).toEqual([
      expect.objectContaining({ title: 'Sága o Ľudovi', author: 'Ján Hrach', series: 'Ľudia', site: 'Storygraph' }),
    ]);
    expect(linked.body.read).toEqual([]);
    expect((await readingOf(bea)).map((entry) => entry.fromShelf)).toEqual(['Storygraph']);
  });

  it('refuses addresses that are not a Goodreads or StoryGraph profile with a translated 400', async () => {
    for (const profileUrl of [
      'https://www.goodreads.com/book/show/1001',
      'https://www.goodreads.com.evil.example/user/show/1001',
      'https://evil.example/user/show/1001',
      'https://user:pass@www.goodreads.com/user/show/1001',
      'https://www.goodreads.com:8443/user/show/1001',
      'javascript:alert(1)',
      'https://app.thestorygraph.com/profile/../admin',
      'ftp://www.goodreads.com/user/show/1',
      // A bad percent-escape names no profile (it once threw, and the club answered 500).
      'https://www.goodreads.com/user/show/1%',
      'https://app.thestorygraph.com/profile/anna%E0%A4%A',
      42,
    ]) {
      const refused = await link(anna, profileUrl);
      expect(refused.status, String(profileUrl)).toBe(400);
    }
    const sk = await club.call('PUT', `/api/shelves/${anna.userId}`, {
      token: anna.token,
      body: { profileUrl: 'https://example.org/' },
      headers: { 'Accept-Language': 'sk' },
    });
    expect(sk.body.errors.profileUrl).toEqual([expect.stringMatching(/^Toto nie je profil na Goodreads ani StoryGraph/)]);
    expect((await club.call('PUT', `/api/shelves/${anna.userId}`, { token: anna.token, body: { profileUrl: '' } })).body.errors.profileUrl).toEqual([
      'Paste the address of your Goodreads or StoryGraph profile.',
    ]);
  });
});

describe('who may do what', () => {
  it("members link only their own; moderators may read now and unlink anyone's; bots only read; visitors nothing", async () => {
    expect((await link(anna, 'https://www.goodreads.com/user/show/1001', bea.token)).status).toBe(403);
    expect((await link(anna, 'https://www.goodreads.com/user/show/1001', moderator.token)).status).toBe(403);
    // Another member's id is refused before the body is read: whatever it holds, a 403.
    for (const body of ['https://www.goodreads.com/user/show/1%', 42, '']) {
      const refused = await link(anna, body, bea.token);
      expect(refused.status, String(body)).toBe(403);
      expect((refused.body as unknown as { detail: string }).detail).toBe('Members link only their own Goodreads or StoryGraph profile.');
    }
    expect((await syncNow(anna, bea.token)).status).toBe(403);
    expect((await unlink(anna, bea.token)).status).toBe(403);
    expect((await syncNow(anna, moderator.token)).status).toBe(200);
    for (const call of [link(bot, 'https://www.goodreads.com/user/show/1001'), syncNow(anna, bot.token), unlink(anna, bot.token)]) {
      expect((await call).status).toBe(403);
    }
    expect((await club.call('GET', `/api/shelves/${anna.userId}`)).status).toBe(401);
    expect((await shelvesOf({ ...anna, userId: 'no-such-member' }, bea.token)).status).toBe(404);
    expect((await shelvesOf(bot, bea.token)).status).toBe(404);
    expect((await syncNow(moderator)).status).toBe(404);
  });
});

describe('what the sites answer badly changes nothing, and the link says why', () => {
  const CASES: [Misbehaviour, RegExp][] = [
    ['billionLaughs', /could not be read/],
    ['externalEntity', /could not be read/],
    ['hugeFeed', /too large/],
    ['malformed', /could not be read/],
    ['cutShort', /could not be read/],
    ['notXml', /could not be read/],
    ['slow', /did not answer in time/],
    ['redirectAway', /forwarded the request elsewhere/],
    ['tooManyRequests', /answered with an error/],
    ['serverError', /answered with an error/],
    ['notFound', /no such profile/],
    ['nestedFeed', /too deeply nested or too large to read/],
  ];
  for (const [how, message] of CASES) {
    it(`${how}: a logged skip`, async () => {
      const before = (await shelvesOf(anna)).body;
      const path = '/review/list_rss/1001?shelf=read';
      sites.misbehave(path, how);
      try {
        const answer = await syncNow(anna);
        expect(answer.status).toBe(200);
        expect(answer.body.link!.lastError).toMatch(message);
        expect(answer.body.read).toEqual(before.read);
        expect(answer.body.currentlyReading).toEqual(before.currentlyReading);
        expect(answer.body.link!.lastSyncedOn).toBe(before.link!.lastSyncedOn);
      } finally {
        sites.misbehave(path, null);
        // Past any back-off the site's answer started.
        clock.advance(DAY_MS);
      }
    });
  }

  it('a link or "read now" waits while the site asked the club to, and reads once the wait is over', async () => {
    const path = '/review/list_rss/1001?shelf=currently-reading';
    const asked = () => sites.requested.filter((requested) => requested.startsWith('/review/list_rss/')).length;
    sites.misbehave(path, 'tooManyRequests');
    expect((await syncNow(anna)).body.link!.lastError).toMatch(/answered with an error/);
    sites.misbehave(path, null);
    const before = asked();
    const waiting = await syncNow(anna);
    expect(waiting.status).toBe(200);
    expect(waiting.body.link!.lastError).toBe(
      'Goodreads asked the club to wait a while, so it was not asked now; the club reads the shelves once the wait is over.',
    );
    expect((await link(anna, 'https://www.goodreads.com/user/show/1001')).body.link!.lastError).toMatch(/asked the club to wait/);
    expect(asked()).toBe(before);
    // The wait doubles with each failure in a row, to a day at most.
    clock.advance(DAY_MS);
    const read = await syncNow(anna);
    expect(read.body.link!.lastError).toBeNull();
    expect(asked()).toBe(before + 2);
  });

  it("says why in the reader's language, and forgets it once a reading goes through", async () => {
    sites.misbehave('/review/list_rss/1001?shelf=read', 'notXml');
    await syncNow(anna);
    expect((await shelvesOf(anna, bea.token, 'sk')).body.link!.lastError).toBe('Odpoveď Goodreads sa nedala prečítať.');
    sites.misbehave('/review/list_rss/1001?shelf=read', null);
    expect((await syncNow(anna)).body.link!.lastError).toBeNull();
  });

  it('follows a forward within the site, and reads a huge item cut to size', async () => {
    sites.misbehave('/review/list_rss/1001?shelf=read', 'redirectWithin');
    expect((await syncNow(anna)).body.link!.lastError).toBeNull();
    sites.misbehave('/review/list_rss/1001?shelf=read', 'hugeItem');
    const huge = await syncNow(anna);
    expect(huge.body.link!.lastError).toBeNull();
    expect(huge.body.read).toHaveLength(1);
    expect(huge.body.read[0]!.title.length).toBeLessThanOrEqual(300);
    sites.misbehave('/review/list_rss/1001?shelf=read', null);
    await syncNow(anna);
  });
});

describe('unlinking', () => {
  it('takes the link and every book read from it away, keeps what the member typed; a moderator may do it', async () => {
    await link(anna, 'https://www.goodreads.com/user/show/1001');
    sites.goodreads('1001', 'currently-reading', [DUNE]);
    expect((await syncNow(anna)).body.currentlyReading).toHaveLength(1);
    const gone = await unlink(anna, moderator.token);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ userId: anna.userId, link: null, currentlyReading: [], read: [], readCount: 0 });
    expect(titles(await readingOf(anna))).toEqual(['Typed by hand']);
    expect((await unlink(anna)).status).toBe(404);
    expect((await syncNow(anna)).status).toBe(404);
    expect((await unlink(bea)).status).toBe(200);
    expect(await readingOf(bea)).toEqual([]);
  });

  it('relinking elsewhere replaces the old books', async () => {
    await link(anna, 'https://www.goodreads.com/user/show/1001');
    const moved = await link(anna, 'https://app.thestorygraph.com/profile/bea_reads');
    expect(moved.body.link!.site).toBe('Storygraph');
    expect(titles(moved.body.currentlyReading)).toEqual(['Sága o Ľudovi']);
    expect(moved.body.read).toEqual([]);
    expect((await readingOf(anna)).map((entry) => entry.fromShelf)).toEqual([null, 'Storygraph']);
    await unlink(anna);
  });
});

describe('a club that reads only one site', () => {
  it('refuses a profile on the other with 503', async () => {
    const only = await startTestServer({ shelves: { goodreadsUrl: sites.url, storygraphUrl: null, intervalHours: 0 } });
    try {
      await setUpClub(only);
      const member = await addMember(only);
      const refused = await only.call('PUT', `/api/shelves/${member.userId}`, {
        token: member.token,
        body: { profileUrl: 'https://app.thestorygraph.com/profile/x' },
      });
      expect(refused.status).toBe(503);
      expect(refused.body.detail).toBe('This club does not read StoryGraph shelves.');
    } finally {
      await only.close();
    }
  });
});
