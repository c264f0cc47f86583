import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CalendarFeed } from '../../../shared/api/meetings';
import type { ProblemDetails } from '../../../shared/api/problem';
import { passwordResetPath, waitForMail } from '../../test-support/mail';
import { addMember } from '../../test-support/members';
import { requestFrom } from '../../test-support/raw-http';
import { ok } from '../../test-support/round-helpers';
import { CalendarsService } from './calendars.service';
import { startMeetingsClub, type MeetingsClub } from './meetings-club';

// What a security pass found about members' calendar feeds, which calendar apps fetch without signing in.

let c: MeetingsClub;

beforeAll(async () => {
  c = await startMeetingsClub();
}, 30_000);
afterAll(async () => {
  await c.club.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const feedPath = (feed: CalendarFeed) => new URL(feed.url!).pathname;
/** A calendar app fetching the feed from `from` (a 127.0.0.x address of its own). */
const fetchFeed = (feed: CalendarFeed, from = '127.0.0.1') => requestFrom(`${c.club.url}${feedPath(feed)}`, { from, headers: { Accept: 'text/calendar' } });

describe('a feed ends with the sessions of its account', () => {
  it('a password reset ends the feed as it ends sessions; a new feed works', async () => {
    const member = await addMember(c.club, { name: 'Resetta' });
    const feed = await ok<CalendarFeed>(c.club, 'POST', '/api/users/calendar-feed', member.token);
    expect((await fetchFeed(feed, '127.0.0.21')).status).toBe(200);

    expect((await c.club.call('POST', `/api/accounts/passwordreset/${member.email}`)).status).toBe(200);
    const link = /\/passwordreset\/([\w-]+)\/([\w-]+)$/.exec(passwordResetPath(await waitForMail(c.club, member.email)))!;
    const reset = await c.club.call('POST', `/api/accounts/passwordreset/token/${link[1]}`, {
      body: { resetToken: link[2], password: 'a brand new password' },
    });
    expect(reset.status).toBe(200);

    expect((await fetchFeed(feed, '127.0.0.21')).status).toBe(404);
    const signedIn = await c.club.call<{ token: string }>('POST', '/api/accounts/login', { body: { email: member.email, password: 'a brand new password' } });
    expect(await ok<CalendarFeed>(c.club, 'GET', '/api/users/calendar-feed', signedIn.body.token)).toEqual({ url: null, active: false, createdOn: null });
    const fresh = await ok<CalendarFeed>(c.club, 'POST', '/api/users/calendar-feed', signedIn.body.token);
    expect((await fetchFeed(fresh, '127.0.0.21')).status).toBe(200);
  });

  it('disabling and enabling an account does not bring its old feed back', async () => {
    const member = await addMember(c.club, { name: 'Dora' });
    const feed = await ok<CalendarFeed>(c.club, 'POST', '/api/users/calendar-feed', member.token);
    expect((await fetchFeed(feed, '127.0.0.22')).status).toBe(200);
    await ok(c.club, 'POST', `/api/admin/disable/${encodeURIComponent(member.email)}`, c.admin);
    expect((await fetchFeed(feed, '127.0.0.22')).status).toBe(404);
    await ok(c.club, 'POST', `/api/admin/enable/${encodeURIComponent(member.email)}`, c.admin);
    expect((await fetchFeed(feed, '127.0.0.22')).status).toBe(404);
  });
});

describe('a feed costs the club little, however often it is asked', () => {
  it('is made once per state of the club, for every member and every fetch, and again after a change', async () => {
    const feeds = await Promise.all([c.ann, c.ben, c.mod].map((member) => ok<CalendarFeed>(c.club, 'POST', '/api/users/calendar-feed', member.token)));
    const made = vi.spyOn(CalendarsService.prototype, 'feedText');
    const first = await Promise.all(feeds.flatMap((feed, i) => Array.from({ length: 6 }, () => fetchFeed(feed, `127.0.0.3${i}`))));
    expect(first.map((answer) => answer.status)).toEqual(first.map(() => 200));
    expect(new Set(first.map((answer) => answer.body)).size).toBe(1);
    for (const feed of feeds) expect((await fetchFeed(feed, '127.0.0.33')).status).toBe(200);
    expect(made).toHaveBeenCalledTimes(1);

    await c.schedule({ startsAt: '2026-12-10T18:00:00Z' });
    const after = await fetchFeed(feeds[0]!, '127.0.0.33');
    expect(after.body).not.toBe(first[0]!.body);
    expect(made).toHaveBeenCalledTimes(2);
  });

  it('an address asking more than once a second on average is answered 429 with Retry-After; other addresses and members carry on', async () => {
    const feed = await ok<CalendarFeed>(c.club, 'POST', '/api/users/calendar-feed', c.ann.token);
    const answers = [];
    for (let i = 0; i < 70; i++) answers.push(await fetchFeed(feed, '127.0.0.40'));
    expect(answers.slice(0, 60).every((answer) => answer.status === 200)).toBe(true);
    const refused = answers.slice(60);
    expect(refused.map((answer) => answer.status)).toEqual(refused.map(() => 429));
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect((refused[0]!.body as ProblemDetails).detail).toMatch(/too many/i);
    // Refused before the token is looked at: an unknown feed from there is a 429 too, not a 404 to probe with.
    expect((await requestFrom(`${c.club.url}/api/calendar/${'A'.repeat(43)}.ics`, { from: '127.0.0.40' })).status).toBe(429);

    expect((await fetchFeed(feed, '127.0.0.41')).status).toBe(200);
    expect((await c.club.call('GET', '/api/meetings', { token: c.ben.token })).status).toBe(200);
  });
});
