import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Shelves } from '../../../shared/api/shelves';
import { addMember, type TestMember } from '../../test-support/members';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';
import { startFakeShelfSites, type FakeShelfSites } from './fake-shelf-sites';

// A member (or a script with their token) asking for readings over and over: the club reads a site for them a
// few times a minute, and says 429 to the rest without asking the site.
let club: TestServer;
let sites: FakeShelfSites;
let anna: TestMember;

beforeAll(async () => {
  sites = await startFakeShelfSites();
  club = await startTestServer({ shelves: { goodreadsUrl: sites.url, storygraphUrl: sites.url, intervalHours: 0, timeoutMs: 1_000, syncsPerMinute: 3 } });
  await setUpClub(club);
  anna = await addMember(club, { name: 'Anna' });
  sites.goodreads('1001', 'currently-reading', [{ bookId: '1', title: 'Dune' }]);
  sites.goodreads('1001', 'read', []);
});
afterAll(async () => {
  await club.close();
  await sites.close();
});

it('a flood of links and "read now" is answered 429 past the limit, the site is not asked, and the shelves stay as they were', async () => {
  const linked = await club.call<Shelves>('PUT', `/api/shelves/${anna.userId}`, {
    token: anna.token,
    body: { profileUrl: 'https://www.goodreads.com/user/show/1001' },
  });
  expect(linked.status).toBe(200);
  const asked = () => sites.requested.filter((path) => path.startsWith('/review/list_rss/')).length;
  const answers = await Promise.all(Array.from({ length: 30 }, () => club.call<Shelves>('POST', `/api/shelves/${anna.userId}/sync`, { token: anna.token })));
  const statuses = answers.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(2);
  expect(statuses.filter((status) => status === 429)).toHaveLength(28);
  // Two feeds (both shelves) for the link and for each reading that went through; none for the refused.
  expect(asked()).toBe(2 * 3);
  const shelves = await club.call<Shelves>('GET', `/api/shelves/${anna.userId}`, { token: anna.token });
  expect(shelves.body.currentlyReading.map((book) => book.title)).toEqual(['Dune']);
  expect((await club.call('GET', '/api/home')).status).toBe(200);
});
