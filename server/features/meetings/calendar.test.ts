import crypto from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../../shared/api/discussions';
import type { CalendarFeed, Meeting } from '../../../shared/api/meetings';
import type { Round, RoundUpdate } from '../../../shared/api/rounds';
import { findRow, findRows, updateRows } from '../../db/table';
import { addMember } from '../../test-support/members';
import { requestFrom } from '../../test-support/raw-http';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { pollTable } from '../polls';
import { calendarFeedTable } from './meeting.entity';
import { PUBLIC_URL, startMeetingsClub, type MeetingsClub } from './meetings-club';

// The calendar files read back with ical.js, a parser independent of the library that writes them.

let c: MeetingsClub;

beforeAll(async () => {
  c = await startMeetingsClub();
}, 30_000);
afterAll(async () => {
  await c.club.close();
});

interface ParsedEvent {
  uid: string;
  sequence: number;
  status: string | null;
  summary: string;
  location: string | null;
  url: string | null;
  description: string;
  start: Date;
  end: Date;
  startIsUtc: boolean;
  stamp: string | null;
  lastModified: string | null;
}

function parseCalendar(text: string): { calendar: ICAL.Component; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const text = (name: string) => {
      const value = vevent.getFirstPropertyValue(name);
      return value === null || value === undefined ? null : String(value);
    };
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: text('status'),
      summary: event.summary,
      location: event.location ?? null,
      url: text('url'),
      description: event.description,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      startIsUtc: event.startDate.zone?.tzid === 'UTC',
      stamp: text('dtstamp'),
      lastModified: text('last-modified'),
    };
  });
  return { calendar, events };
}

async function meetingIcs(meetingId: number, token = c.ann.token) {
  const res = await fetch(`${c.club.url}/api/meetings/${meetingId}/ics`, { headers: { Authorization: `Bearer ${token}` } });
  return { res, text: await res.text() };
}

async function fetchFeed(feedFileOrUrl: string) {
  const url = feedFileOrUrl.startsWith(PUBLIC_URL) ? `${c.club.url}${feedFileOrUrl.slice(PUBLIC_URL.length)}` : `${c.club.url}/api/calendar/${feedFileOrUrl}`;
  const res = await fetch(url);
  return { res, text: await res.text() };
}

const NO_FEED = 'There is no such calendar feed. It may have been turned off; make a new one on your profile.';

/** Bratislava's wall clock for an instant, as Intl shows it. */
const bratislavaTime = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Bratislava',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);

describe("a meeting's .ics", () => {
  it('downloads as one VEVENT with what a calendar shows: the book, the place, the page, the notes', async () => {
    const meeting = await c.schedule({
      startsAt: '2026-10-15T19:00:00+02:00',
      endsAt: '2026-10-15T21:00:00+02:00',
      place: 'Café Lumière; Štúrova 1, Bratislava',
      bookId: c.book.bookId,
      notes: 'Bring the *book*.\nAnd snacks, please.',
    });
    const { res, text } = await meetingIcs(meeting.meetingId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="meeting-${meeting.meetingId}.ics"`);
    expect(res.headers.get('cache-control')).toMatch(/private|no-store/);

    const { calendar, events } = parseCalendar(text);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Test Club');
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT1H');
    expect(String(calendar.getFirstPropertyValue('x-published-ttl'))).toBe('PT1H');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      uid: `meeting-${meeting.meetingId}@club.example.org`,
      sequence: 0,
      status: 'CONFIRMED',
      summary: 'Book club: Čítať v lete',
      location: 'Café Lumière; Štúrova 1, Bratislava',
      url: `${PUBLIC_URL}/stretnutia/${meeting.meetingId}`,
      description: `Bring the *book*.\nAnd snacks, please.\n\n${PUBLIC_URL}/stretnutia/${meeting.meetingId}`,
      start: new Date('2026-10-15T17:00:00Z'),
      end: new Date('2026-10-15T19:00:00Z'),
      startIsUtc: true,
    });
    expect(text).toMatch(/\r\nDTSTART:20261015T170000Z\r\n/);
    expect(text).not.toMatch(/TZID/);
  });

  it('an online meeting without an end: the link as its place and address; three hours long; named after the club without a book', async () => {
    const meeting = await c.schedule({ startsAt: '2026-10-16T18:00:00Z', place: null, onlineUrl: 'https://meet.example.org/club?room=1,2' });
    const [event] = parseCalendar((await meetingIcs(meeting.meetingId)).text).events;
    expect(event).toMatchObject({
      summary: 'Test Club meeting',
      location: 'https://meet.example.org/club?room=1,2',
      // The comma percent-encoded: a URI is not escaped like text (calendar.ts).
      url: 'https://meet.example.org/club?room=1%2C2',
      start: new Date('2026-10-16T18:00:00Z'),
      end: new Date('2026-10-16T21:00:00Z'),
    });
  });

  it('keeps its UID across changes; SEQUENCE goes up with each change and the cancelling, which marks it CANCELLED', async () => {
    const meeting = await c.schedule({ startsAt: '2026-10-17T18:00:00Z' });
    const first = parseCalendar((await meetingIcs(meeting.meetingId)).text).events[0]!;
    c.clock.advance(60_000);
    await ok(c.club, 'PATCH', `/api/meetings/${meeting.meetingId}`, c.mod.token, { startsAt: '2026-10-18T18:00:00Z' });
    const changed = parseCalendar((await meetingIcs(meeting.meetingId)).text).events[0]!;
    // An answer is no revision of the event.
    await ok(c.club, 'POST', `/api/meetings/${meeting.meetingId}/rsvp`, c.ann.token, { answer: 'going' });
    expect(parseCalendar((await meetingIcs(meeting.meetingId)).text).events[0]!.sequence).toBe(1);
    c.clock.advance(60_000);
    await ok(c.club, 'POST', `/api/meetings/${meeting.meetingId}/cancel`, c.mod.token);
    const cancelled = parseCalendar((await meetingIcs(meeting.meetingId)).text).events[0]!;

    expect(new Set([first.uid, changed.uid, cancelled.uid]).size).toBe(1);
    expect([first.sequence, changed.sequence, cancelled.sequence]).toEqual([0, 1, 2]);
    expect([first.status, changed.status, cancelled.status]).toEqual(['CONFIRMED', 'CONFIRMED', 'CANCELLED']);
    expect(changed.start).toEqual(new Date('2026-10-18T18:00:00Z'));
    expect([first.lastModified, changed.lastModified, cancelled.lastModified]).toEqual([
      '2026-10-01T08:00:00Z',
      '2026-10-01T08:01:00Z',
      '2026-10-01T08:02:00Z',
    ]);
    expect(cancelled.stamp).toBe(cancelled.lastModified);
  });

  it('is for members: a visitor gets 401, an unknown meeting 404', async () => {
    const meeting = await c.schedule();
    expect((await fetch(`${c.club.url}/api/meetings/${meeting.meetingId}/ics`)).status).toBe(401);
    expect((await meetingIcs(meeting.meetingId, c.bot.token)).res.status).toBe(200);
    const missing = await meetingIcs(999_999);
    expect(missing.res.status).toBe(404);
    expect(JSON.parse(missing.text).detail).toBe('There is no such meeting.');
  });
});

describe('time zones', () => {
  it('19:00 in Bratislava before and after the clocks go back is 17:00Z and 18:00Z, and 19:00 again in Bratislava', async () => {
    const summer = await c.schedule({ startsAt: '2026-10-20T19:00:00+02:00' });
    const winter = await c.schedule({ startsAt: '2026-11-03T19:00:00+01:00' });
    expect([summer.startsAt, winter.startsAt]).toEqual(['2026-10-20T17:00:00.000Z', '2026-11-03T18:00:00.000Z']);
    for (const [meeting, utc, local] of [
      [summer, '2026-10-20T17:00:00Z', '20/10/2026, 19:00'],
      [winter, '2026-11-03T18:00:00Z', '03/11/2026, 19:00'],
    ] as const) {
      const [event] = parseCalendar((await meetingIcs(meeting.meetingId)).text).events;
      expect(event!.startIsUtc).toBe(true);
      expect(event!.start).toEqual(new Date(utc));
      expect(bratislavaTime(event!.start)).toBe(local);
    }
  });
});

describe("a member's calendar feed", () => {
  it('is off until made; making it answers its address once; only its hash is kept', async () => {
    const member = await addMember(c.club, { name: 'Feedy' });
    expect(await ok<CalendarFeed>(c.club, 'GET', '/api/users/calendar-feed', member.token)).toEqual({ url: null, active: false, createdOn: null });
    const made = await ok<CalendarFeed>(c.club, 'POST', '/api/users/calendar-feed', member.token);
    expect(made.active).toBe(true);
    expect(made.createdOn).toBe(c.clock.now().toISOString());
    const token = /^https:\/\/club\.example\.org\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(made.url!)?.[1];
    expect(token, made.url!).toBeDefined();
    expect(Buffer.from(token!, 'base64url')).toHaveLength(32);
    expect(await ok<CalendarFeed>(c.club, 'GET', '/api/users/calendar-feed', member.token)).toEqual({ url: null, active: true, createdOn: made.createdOn });

    const stored = c.sql((db) => findRow(db, calendarFeedTable, { userId: member.userId }))!;
    expect(stored.tokenHash).toBe(crypto.createHash('sha256').update(token!).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);

    const feed = await fetchFeed(made.url!);
    expect(feed.res.status).toBe(200);
    expect(feed.res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.res.headers.get('cache-control')).toMatch(/private|no-store/);
    // An unchanged feed is answered 304 to a calendar app that sends its tag back.
    // (node:http, as a calendar app sends it; fetch would add Cache-Control: no-cache to a conditional request.)
    const again = await requestFrom(`${c.club.url}/api/calendar/${token}.ics`, { headers: { 'If-None-Match': feed.res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('lists every meeting (a cancelled one as CANCELLED, with its last SEQUENCE) and the deadlines of open polls', async () => {
    const kept = await c.schedule({ startsAt: '2026-12-01T18:00:00Z', bookId: c.book.bookId });
    const dropped = await c.schedule({ startsAt: '2026-12-02T18:00:00Z' });
    await ok(c.club, 'POST', `/api/meetings/${dropped.meetingId}/cancel`, c.mod.token);
    const { pollId, title } = await openPoll('Winter');
    const closedPoll = await openPoll('Closed');
    c.sql((db) => {
      updateRows(db, pollTable, { id: pollId }, { closesAt: '2026-11-30T19:00:00.000Z' });
      updateRows(db, pollTable, { id: closedPoll.pollId }, { closesAt: '2026-11-29T19:00:00.000Z', isClosed: true });
    });

    const made = await ok<CalendarFeed>(c.club, 'POST', '/api/users/calendar-feed', c.ben.token);
    const { res, text } = await fetchFeed(made.url!);
    expect(res.status).toBe(200);
    const { calendar, events } = parseCalendar(text);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Test Club');
    const byUid = new Map(events.map((event) => [event.uid, event]));
    const all = await c.club.call<{ upcoming: Meeting[]; past: Meeting[] }>('GET', '/api/meetings', { token: c.ben.token });
    const everyMeeting = [...all.body.upcoming, ...all.body.past];
    expect(events.filter((event) => event.uid.startsWith('meeting-'))).toHaveLength(everyMeeting.length);
    expect(byUid.get(`meeting-${kept.meetingId}@club.example.org`)).toMatchObject({ status: 'CONFIRMED', sequence: 0, summary: 'Book club: Čítať v lete' });
    expect(byUid.get(`meeting-${dropped.meetingId}@club.example.org`)).toMatchObject({ status: 'CANCELLED', sequence: 1 });
    expect(byUid.get(`poll-${pollId}-deadline@club.example.org`)).toMatchObject({
      summary: `Voting closes: ${title}`,
      start: new Date('2026-11-30T19:00:00Z'),
      url: `${PUBLIC_URL}/hlasovania/${pollId}`,
    });
    expect(byUid.has(`poll-${closedPoll.pollId}-deadline@club.example.org`)).toBe(false);
  });

  it("never carries anyone's token, its own or another member's", async () => {
    const ann = await ok<CalendarFeed>(c.club, 'POST', '/api/users/calendar-feed', c.ann.token);
    const ben = await ok<CalendarFeed>(c.club, 'POST', '/api/users/calendar-feed', c.ben.token);
    const tokenOf = (feed: CalendarFeed) => /calendar\/(.+)\.ics$/.exec(feed.url!)![1]!;
    const hashes = c.sql((db) => findRows(db, calendarFeedTable, 'all', { select: ['tokenHash'] }).map((feed) => feed.tokenHash));
    for (const feed of [ann, ben]) {
      const { text } = await fetchFeed(feed.url!);
      // Unfolded, so a token split across lines would still be found.
      const unfolded = text.replace(/\r\n[ \t]/g, '');
      for (const secret of [tokenOf(ann), tokenOf(ben), ...hashes]) expect(unfolded).not.toContain(secret);
      expect(unfolded).not.toContain('/api/calendar/');
    }
  });

  it('a new address replaces the old; turning it off makes it a 404; so does disabling the account', async () => {
    const member = await addMember(c.club, { name: 'Switcher' });
    const first = await ok<CalendarFeed>(c.club, 'POST', '/api/users/calendar-feed', member.token);
    c.clock.advance(60_000);
    const second = await ok<CalendarFeed>(c.club, 'POST', '/api/users/calendar-feed', member.token);
    expect(second.url).not.toBe(first.url);
    expect(second.createdOn).not.toBe(first.createdOn);
    const old = await fetchFeed(first.url!);
    expect(old.res.status).toBe(404);
    expect(old.res.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(JSON.parse(old.text).detail).toBe(NO_FEED);
    expect((await fetchFeed(second.url!)).res.status).toBe(200);

    expect(await ok<CalendarFeed>(c.club, 'DELETE', '/api/users/calendar-feed', member.token)).toEqual({ url: null, active: false, createdOn: null });
    expect((await fetchFeed(second.url!)).res.status).toBe(404);
    expect(await ok<CalendarFeed>(c.club, 'GET', '/api/users/calendar-feed', member.token)).toEqual({ url: null, active: false, createdOn: null });
    // Turning off a feed that is off is no error.
    expect((await ok<CalendarFeed>(c.club, 'DELETE', '/api/users/calendar-feed', member.token)).active).toBe(false);

    const third = await ok<CalendarFeed>(c.club, 'POST', '/api/users/calendar-feed', member.token);
    expect((await fetchFeed(third.url!)).res.status).toBe(200);
    await ok(c.club, 'POST', `/api/admin/disable/${encodeURIComponent(member.email)}`, c.admin);
    expect((await fetchFeed(third.url!)).res.status).toBe(404);
  });

  it('any other feed file is a 404, never a 500', async () => {
    const valid = await ok<CalendarFeed>(c.club, 'POST', '/api/users/calendar-feed', c.mod.token);
    const token = /calendar\/(.+)\.ics$/.exec(valid.url!)![1]!;
    const files = [
      `${crypto.randomBytes(32).toString('base64url')}.ics`,
      token,
      `${token}.ICS`,
      `${token}.ics.ics`,
      `${token}.icsx`,
      `x${token}.ics`,
      `${token.slice(1)}.ics`,
      '.ics',
      'ics',
      `${'A'.repeat(8_000)}.ics`,
      `${'📅'.repeat(500)}.ics`,
      encodeURIComponent('Kalendár člena ✓.ics'),
      encodeURIComponent(`${token.slice(0, 42)}ž.ics`),
      '%E0%A4%A.ics',
      '%00.ics',
      encodeURIComponent('../../etc/passwd.ics'),
      encodeURIComponent(`${token}\n.ics`),
      `${token}.ics%20`,
      'null',
    ];
    for (const file of files) {
      const res = await fetch(`${c.club.url}/api/calendar/${file}`);
      expect(res.status, file.slice(0, 80)).toBe(404);
      expect(((await res.json()) as { detail: string }).detail, file.slice(0, 80)).toBe(NO_FEED);
    }
    expect((await fetchFeed(valid.url!)).res.status).toBe(200);
  });
});

/** An open poll (a round whose suggestions were closed), as the feed shows its deadline. */
async function openPoll(title: string): Promise<{ pollId: number; title: string }> {
  const round = await ok<Round>(c.club, 'POST', '/api/rounds', c.admin, { topic: 'Books', title });
  await ok<Post>(c.club, 'POST', `/api/discussions/${round.bookDiscussionId}`, c.ann.token, bookSuggestion(`${title} book`));
  const update = await ok<RoundUpdate>(c.club, 'POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, c.admin);
  return { pollId: update.discussion!.pollId!, title: update.poll?.title ?? `${title}: vote` };
}
