import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CalendarFeed } from '../../../shared/api/meetings';
import { addMember, type TestMember } from '../../test-support/members';
import { ok } from '../../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

let club: TestServer;
let ann: TestMember;

beforeAll(async () => {
  // No PUBLIC_URL: a club on the LAN.
  club = await startTestServer();
  await setUpClub(club);
  ann = await addMember(club, { name: 'Ann' });
});
afterAll(async () => {
  await club.close();
});

it('without PUBLIC_URL a feed address is the one the member reached the club at, and a calendar app can fetch it', async () => {
  const feed = await ok<CalendarFeed>(club, 'POST', '/api/users/calendar-feed', ann.token);
  expect(feed.url).toMatch(new RegExp(`^${club.url.replace(/[.]/g, '\\.')}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
  const res = await fetch(feed.url!);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(await res.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
});
