import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CalendarFeed } from '../../../shared/api/meetings';
import { addMember, type TestMember } from '../../test-support/members';
import { ok } from '../../test-support/round-helpers';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

let club: TestServer;
let ann: TestMember;
let admin: string;

beforeAll(async () => {
  // No PUBLIC_URL: a club on the LAN.
  club = await startTestServer();
  admin = await setUpClub(club);
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

it("without PUBLIC_URL a calendar's page links lead to the address it was fetched from; its UIDs stay the same", async () => {
  await ok(club, 'POST', '/api/meetings', admin, { startsAt: '2030-12-03T19:00:00+01:00', place: 'Café Verne' });
  const feed = await ok<CalendarFeed>(club, 'POST', '/api/users/calendar-feed', ann.token);
  const feedPath = new URL(feed.url!).pathname;
  const viaLoopback = await (await fetch(`${club.url}${feedPath}`)).text();
  // fetch will not send a Host of our choosing; node:http will, as a browser on the LAN sends its own.
  const viaName = await new Promise<string>((resolve, reject) => {
    http
      .get(`${club.url}${feedPath}`, { headers: { Host: 'books.lan:8080' } }, (res) => {
        let text = '';
        res
          .setEncoding('utf8')
          .on('data', (chunk: string) => (text += chunk))
          .on('end', () => resolve(text));
      })
      .on('error', reject);
  });
  expect(viaLoopback).toContain(`URL;VALUE=URI:${club.url}/stretnutia/1`);
  expect(viaName).toContain('URL;VALUE=URI:http://books.lan:8080/stretnutia/1');
  const uid = (text: string) => /^UID:(.*)$/m.exec(text)?.[1];
  expect(uid(viaName)).toBe(uid(viaLoopback));
});
