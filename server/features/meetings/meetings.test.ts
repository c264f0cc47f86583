import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Meeting, MeetingList } from '../../../shared/api/meetings';
import { findRows } from '../../db/table';
import { ok } from '../../test-support/round-helpers';
import { meetingRsvpTable, meetingTable } from './meeting.entity';
import { startMeetingsClub, type MeetingsClub } from './meetings-club';

let c: MeetingsClub;

beforeAll(async () => {
  c = await startMeetingsClub();
}, 30_000);
afterAll(async () => {
  await c.club.close();
});

const HOUR = 60 * 60 * 1000;

/** Every meeting row as stored, to prove a refused request changed nothing. */
const storedMeetings = () => c.sql((db) => findRows(db, meetingTable, 'all', { orderBy: 'id' }));
const storedAnswers = () =>
  c.sql((db) =>
    findRows(db, meetingRsvpTable, 'all', {
      orderBy: [
        ['meetingId', 'ASC'],
        ['userId', 'ASC'],
      ],
    }),
  );

describe('who may do what', () => {
  it('visitors nothing; members and bots read; only moderators and admins schedule, change and cancel; bots never answer', async () => {
    const meeting = await c.schedule();
    const call = async (method: string, path: string, token: string | undefined, body?: unknown) => (await c.club.call(method, path, { token, body })).status;
    const id = meeting.meetingId;
    const later = { startsAt: '2026-12-01T18:00:00Z', place: 'Library' };

    for (const [method, path] of [
      ['GET', '/api/meetings'],
      ['GET', `/api/meetings/${id}`],
      ['GET', `/api/meetings/${id}/ics`],
      ['GET', '/api/users/calendar-feed'],
      ['POST', '/api/users/calendar-feed'],
      ['DELETE', '/api/users/calendar-feed'],
      ['POST', '/api/meetings'],
      ['PATCH', `/api/meetings/${id}`],
      ['POST', `/api/meetings/${id}/cancel`],
      ['POST', `/api/meetings/${id}/rsvp`],
    ] as const) {
      expect(await call(method, path, undefined, method === 'GET' ? undefined : {}), `visitor ${method} ${path}`).toBe(401);
    }
    for (const path of ['/api/meetings', `/api/meetings/${id}`, `/api/meetings/${id}/ics`, '/api/users/calendar-feed']) {
      expect(await call('GET', path, c.bot.token), `bot GET ${path}`).toBe(200);
      expect(await call('GET', path, c.ann.token), `member GET ${path}`).toBe(200);
    }
    expect(await call('POST', '/api/meetings', c.bot.token, later)).toBe(403);
    expect(await call('POST', `/api/meetings/${id}/rsvp`, c.bot.token, { answer: 'going' })).toBe(403);
    expect(await call('POST', '/api/users/calendar-feed', c.bot.token)).toBe(403);
    expect(await call('DELETE', '/api/users/calendar-feed', c.bot.token)).toBe(403);
    expect(await call('POST', '/api/meetings', c.ann.token, later)).toBe(403);
    expect(await call('PATCH', `/api/meetings/${id}`, c.ann.token, { notes: 'x' })).toBe(403);
    expect(await call('POST', `/api/meetings/${id}/cancel`, c.ann.token)).toBe(403);
    expect(await call('PATCH', `/api/meetings/${id}`, c.bot.token, { notes: 'x' })).toBe(403);
    expect(await call('POST', `/api/meetings/${id}/cancel`, c.bot.token)).toBe(403);

    expect(await call('POST', '/api/meetings', c.admin, later)).toBe(200);
    expect(await call('PATCH', `/api/meetings/${id}`, c.admin, { notes: 'By the admin' })).toBe(200);
    expect(await call('PATCH', `/api/meetings/${id}`, c.mod.token, { notes: 'By the moderator' })).toBe(200);
    expect(await call('POST', `/api/meetings/${id}/rsvp`, c.ann.token, { answer: 'going' })).toBe(200);
    expect(await call('POST', `/api/meetings/${id}/cancel`, c.mod.token)).toBe(200);
  });
});

describe('scheduling', () => {
  it('a moderator schedules a meeting about the current book, with an address and markdown notes; times are kept in UTC', async () => {
    const meeting = await c.schedule({
      startsAt: '2026-10-22T19:00:00+02:00',
      endsAt: '2026-10-22T21:30:00+02:00',
      place: '  Café Lumière, Bratislava  ',
      bookId: c.book.bookId,
      notes: 'Bring the *book* and a friend.',
    });
    expect(meeting).toMatchObject({
      startsAt: '2026-10-22T17:00:00.000Z',
      endsAt: '2026-10-22T19:30:00.000Z',
      place: 'Café Lumière, Bratislava',
      onlineUrl: null,
      bookId: c.book.bookId,
      bookTitle: 'Čítať v lete',
      notes: 'Bring the *book* and a friend.',
      notesHtml: '<p>Bring the <em>book</em> and a friend.</p>',
      isCancelled: false,
      rsvp: { going: [], maybe: [], notGoing: [] },
      responders: [],
      myRsvp: null,
      sequence: 0,
      ownerId: c.mod.userId,
      createdOn: '2026-10-01T08:00:00.000Z',
    });
    expect(await ok<Meeting>(c.club, 'GET', `/api/meetings/${meeting.meetingId}`, c.ben.token)).toEqual(meeting);
  });

  it('an online meeting needs only its link; a numeric-string bookId is taken (Obskurnee clients send them)', async () => {
    const meeting = await c.schedule({ place: undefined, onlineUrl: 'https://meet.example.org/bookclub', bookId: String(c.book.bookId) as never });
    expect(meeting).toMatchObject({
      place: null,
      onlineUrl: 'https://meet.example.org/bookclub',
      bookId: c.book.bookId,
      endsAt: null,
      notes: null,
      notesHtml: null,
    });
  });

  it('lists upcoming meetings soonest first and past ones latest first; a meeting is past once it has ended', async () => {
    const ids = async () => {
      const list = await ok<MeetingList>(c.club, 'GET', '/api/meetings', c.ann.token);
      return { upcoming: list.upcoming.map((m) => m.meetingId), past: list.past.map((m) => m.meetingId) };
    };
    const before = await ids();
    const late = await c.schedule({ startsAt: '2027-03-10T18:00:00Z' });
    const early = await c.schedule({ startsAt: '2027-03-01T18:00:00Z', endsAt: '2027-03-01T19:00:00Z' });
    const middle = await c.schedule({ startsAt: '2027-03-05T18:00:00Z' });
    const listed = await ids();
    const mine = listed.upcoming.filter((id) => [late, early, middle].some((m) => m.meetingId === id));
    expect(mine).toEqual([early.meetingId, middle.meetingId, late.meetingId]);

    // Past once ended: the early one at its end (19:00), the one without an end three hours after it starts.
    c.clock.set('2027-03-05T20:59:00Z');
    let now = await ids();
    expect(now.past.slice(0, 1)).toEqual([early.meetingId]);
    expect(now.upcoming).toContain(middle.meetingId);
    c.clock.set('2027-03-05T21:00:00Z');
    now = await ids();
    expect(now.past.slice(0, 2)).toEqual([middle.meetingId, early.meetingId]);
    expect(now.upcoming).toEqual([late.meetingId]);
    expect(before.past).toEqual([]);
  });
});

describe('the rules a meeting keeps', () => {
  // These run on a clock moved on by the test above: each meeting starts after it.
  const future = '2027-06-01T18:00:00Z';

  it('a start in the past, an end before the start, and neither place nor link are 400s, translated, and nothing is saved', async () => {
    const before = storedMeetings();
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ startsAt: '2020-01-01T18:00:00Z', place: 'Library' }, 'startsAt', 'The meeting must start in the future.', 'Stretnutie sa musí začínať v budúcnosti.'],
      [
        { startsAt: future, endsAt: '2027-06-01T17:00:00Z', place: 'Library' },
        'endsAt',
        'The meeting must end after it starts.',
        'Stretnutie sa musí skončiť až po svojom začiatku.',
      ],
      [
        { startsAt: future, endsAt: future, place: 'Library' },
        'endsAt',
        'The meeting must end after it starts.',
        'Stretnutie sa musí skončiť až po svojom začiatku.',
      ],
      [{ startsAt: future }, 'place', 'Give a place or an online link (or both).', 'Zadajte miesto alebo odkaz na online stretnutie (alebo oboje).'],
      [
        { startsAt: future, place: '   ', onlineUrl: '' },
        'place',
        'Give a place or an online link (or both).',
        'Zadajte miesto alebo odkaz na online stretnutie (alebo oboje).',
      ],
      // Year 10000 in UTC: stored with a fifth digit it sorted first, broke calendars and mailed "January 1, 10000".
      [{ startsAt: '9999-12-31T23:59:59-14:00', place: 'Library' }, 'startsAt', 'Choose a date before the year 10000.', 'Zvoľte dátum pred rokom 10000.'],
      [
        { startsAt: future, endsAt: '9999-12-31T12:00:00-12:00', place: 'Library' },
        'endsAt',
        'Choose a date before the year 10000.',
        'Zvoľte dátum pred rokom 10000.',
      ],
    ];
    for (const [body, field, english, slovak] of cases) {
      const en = await c.club.call('POST', '/api/meetings', { token: c.mod.token, body });
      expect(en.status, JSON.stringify(body)).toBe(400);
      expect(en.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(en.body.detail).toBe(english);
      expect(Object.keys(en.body.errors)).toEqual([field]);
      const sk = await c.club.call('POST', '/api/meetings', { token: c.mod.token, body, headers: { 'Accept-Language': 'sk' } });
      expect(sk.body.detail).toBe(slovak);
    }
    const all = await c.club.call('POST', '/api/meetings', { token: c.mod.token, body: { startsAt: '2020-01-01T18:00:00Z', endsAt: '2019-01-01T18:00:00Z' } });
    expect(all.status).toBe(400);
    expect(Object.keys(all.body.errors).sort()).toEqual(['endsAt', 'place', 'startsAt']);
    expect(storedMeetings()).toEqual(before);
  });

  it('an unknown book is a 404', async () => {
    const before = storedMeetings();
    const res = await c.club.call('POST', '/api/meetings', { token: c.mod.token, body: { startsAt: future, place: 'Library', bookId: 9999 } });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('There is no such book.');
    const meeting = await c.schedule({ startsAt: future });
    const patch = await c.club.call('PATCH', `/api/meetings/${meeting.meetingId}`, { token: c.mod.token, body: { bookId: 9999 } });
    expect(patch.status).toBe(404);
    expect(storedMeetings()).toHaveLength(before.length + 1);
    expect((await ok<Meeting>(c.club, 'GET', `/api/meetings/${meeting.meetingId}`, c.ann.token)).bookId).toBeNull();
    expect((await c.club.call('GET', '/api/meetings/9999', { token: c.ann.token })).status).toBe(404);
    expect((await c.club.call('GET', '/api/meetings/abc', { token: c.ann.token })).body.detail).toBe('There is no such meeting.');
  });
});

describe('editing and cancelling', () => {
  it('a change is checked on the whole meeting and makes a new revision; a change that changes nothing does not', async () => {
    const meeting = await c.schedule({ startsAt: '2027-07-01T18:00:00Z', place: 'Library' });
    const moved = await ok<Meeting>(c.club, 'PATCH', `/api/meetings/${meeting.meetingId}`, c.mod.token, {
      startsAt: '2027-07-02T18:00:00+02:00',
      notes: 'Moved a day.',
    });
    expect(moved).toMatchObject({ startsAt: '2027-07-02T16:00:00.000Z', place: 'Library', notes: 'Moved a day.', sequence: 1, createdOn: meeting.createdOn });
    const same = await ok<Meeting>(c.club, 'PATCH', `/api/meetings/${meeting.meetingId}`, c.mod.token, { notes: 'Moved a day.' });
    expect(same.sequence).toBe(1);
    const online = await ok<Meeting>(c.club, 'PATCH', `/api/meetings/${meeting.meetingId}`, c.mod.token, {
      onlineUrl: 'https://meet.example.org/x',
      place: null,
    });
    expect(online).toMatchObject({ place: null, onlineUrl: 'https://meet.example.org/x', sequence: 2 });

    const before = storedMeetings();
    // Clearing the link of a meeting that has no place leaves it with neither.
    const neither = await c.club.call('PATCH', `/api/meetings/${meeting.meetingId}`, { token: c.mod.token, body: { onlineUrl: null } });
    expect(neither.status).toBe(400);
    expect(neither.body.errors).toEqual({ place: ['Give a place or an online link (or both).'] });
    const endBefore = await c.club.call('PATCH', `/api/meetings/${meeting.meetingId}`, { token: c.mod.token, body: { endsAt: '2027-07-02T15:00:00Z' } });
    expect(endBefore.body.errors).toEqual({ endsAt: ['The meeting must end after it starts.'] });
    const past = await c.club.call('PATCH', `/api/meetings/${meeting.meetingId}`, { token: c.mod.token, body: { startsAt: '2020-07-02T15:00:00Z' } });
    expect(past.body.errors).toEqual({ startsAt: ['The meeting must start in the future.'] });
    expect(storedMeetings()).toEqual(before);
  });

  it('a PATCH that clears the place of a meeting without a link is refused', async () => {
    const meeting = await c.schedule({ startsAt: '2027-07-03T18:00:00Z', place: 'Library' });
    const res = await c.club.call('PATCH', `/api/meetings/${meeting.meetingId}`, { token: c.mod.token, body: { place: '' } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Give a place or an online link (or both).');
    expect((await ok<Meeting>(c.club, 'GET', `/api/meetings/${meeting.meetingId}`, c.ann.token)).place).toBe('Library');
  });

  it('a meeting under way can still be edited without moving its start', async () => {
    const meeting = await c.schedule({ startsAt: '2027-07-05T18:00:00Z', endsAt: '2027-07-05T21:00:00Z', place: 'Library' });
    c.clock.set('2027-07-05T18:30:00Z');
    const edited = await ok<Meeting>(c.club, 'PATCH', `/api/meetings/${meeting.meetingId}`, c.mod.token, {
      notes: 'We started on time.',
      startsAt: meeting.startsAt,
    });
    expect(edited).toMatchObject({ notes: 'We started on time.', sequence: 1 });
    const moved = await c.club.call('PATCH', `/api/meetings/${meeting.meetingId}`, { token: c.mod.token, body: { startsAt: '2027-07-05T18:15:00Z' } });
    expect(moved.status).toBe(400);
  });

  it('a cancelled meeting stays listed, marked; it cannot be cancelled again, changed or answered', async () => {
    const meeting = await c.schedule({ startsAt: '2027-08-01T18:00:00Z' });
    await ok(c.club, 'POST', `/api/meetings/${meeting.meetingId}/rsvp`, c.ann.token, { answer: 'going' });
    const cancelled = await ok<Meeting>(c.club, 'POST', `/api/meetings/${meeting.meetingId}/cancel`, c.mod.token);
    expect(cancelled).toMatchObject({ isCancelled: true, sequence: 1, rsvp: { going: [c.ann.userId] } });
    const listed = (await ok<MeetingList>(c.club, 'GET', '/api/meetings', c.ben.token)).upcoming.find((m) => m.meetingId === meeting.meetingId);
    expect(listed?.isCancelled).toBe(true);

    const before = [storedMeetings(), storedAnswers()];
    const again = await c.club.call('POST', `/api/meetings/${meeting.meetingId}/cancel`, { token: c.mod.token });
    expect([again.status, again.body.detail]).toEqual([409, 'This meeting was cancelled.']);
    const change = await c.club.call('PATCH', `/api/meetings/${meeting.meetingId}`, { token: c.mod.token, body: { notes: 'Never mind' } });
    expect([change.status, change.body.detail]).toEqual([409, 'This meeting was cancelled.']);
    const answer = await c.club.call('POST', `/api/meetings/${meeting.meetingId}/rsvp`, { token: c.ben.token, body: { answer: 'going' } });
    expect([answer.status, answer.body.detail]).toEqual([409, 'This meeting was cancelled.']);
    expect((await c.club.call('POST', '/api/meetings/9999/cancel', { token: c.mod.token })).status).toBe(404);
    expect((await c.club.call('PATCH', '/api/meetings/9999', { token: c.mod.token, body: { notes: 'x' } })).status).toBe(404);
    expect((await c.club.call('POST', '/api/meetings/9999/rsvp', { token: c.ann.token, body: { answer: 'going' } })).status).toBe(404);
    expect([storedMeetings(), storedAnswers()]).toEqual(before);
  });
});

describe('answering', () => {
  it('members answer going, then maybe, then not going; everyone sees the counts and the names', async () => {
    const meeting = await c.schedule({ startsAt: '2027-09-01T18:00:00Z' });
    const path = `/api/meetings/${meeting.meetingId}/rsvp`;
    const going = await ok<Meeting>(c.club, 'POST', path, c.ann.token, { answer: 'going' });
    expect(going).toMatchObject({
      myRsvp: 'going',
      rsvp: { going: [c.ann.userId], maybe: [], notGoing: [] },
      responders: [{ userId: c.ann.userId, name: 'Ann' }],
      sequence: 0,
    });
    await ok(c.club, 'POST', path, c.ben.token, { answer: 'going' });
    const maybe = await ok<Meeting>(c.club, 'POST', path, c.ann.token, { answer: 'maybe' });
    expect(maybe.rsvp).toEqual({ going: [c.ben.userId], maybe: [c.ann.userId], notGoing: [] });
    const notGoing = await ok<Meeting>(c.club, 'POST', path, c.ann.token, { answer: 'notGoing' });
    expect(notGoing).toMatchObject({ myRsvp: 'notGoing', rsvp: { going: [c.ben.userId], maybe: [], notGoing: [c.ann.userId] }, sequence: 0 });

    const seenByBen = await ok<Meeting>(c.club, 'GET', `/api/meetings/${meeting.meetingId}`, c.ben.token);
    expect(seenByBen.myRsvp).toBe('going');
    expect(seenByBen.rsvp).toEqual(notGoing.rsvp);
    expect(seenByBen.responders.map((r) => r.name).sort()).toEqual(['Ann', 'Ben']);
    const seenByMod = (await ok<MeetingList>(c.club, 'GET', '/api/meetings', c.mod.token)).upcoming.find((m) => m.meetingId === meeting.meetingId)!;
    expect(seenByMod).toMatchObject({ myRsvp: null, rsvp: notGoing.rsvp });
    expect(storedAnswers().filter((row) => row.meetingId === meeting.meetingId)).toHaveLength(2);
  });

  it('a meeting that has ended takes no more answers', async () => {
    const meeting = await c.schedule({ startsAt: '2027-10-01T18:00:00Z' });
    await ok(c.club, 'POST', `/api/meetings/${meeting.meetingId}/rsvp`, c.ann.token, { answer: 'maybe' });
    // Under way, it still takes a late answer; three hours after its start (it has no end), none.
    c.clock.set('2027-10-01T20:59:59Z');
    await ok(c.club, 'POST', `/api/meetings/${meeting.meetingId}/rsvp`, c.ann.token, { answer: 'going' });
    c.clock.advance(HOUR / 3600);
    const before = storedAnswers();
    const late = await c.club.call('POST', `/api/meetings/${meeting.meetingId}/rsvp`, { token: c.ben.token, body: { answer: 'going' } });
    expect([late.status, late.body.detail]).toEqual([409, 'This meeting has already taken place.']);
    const sk = await c.club.call('POST', `/api/meetings/${meeting.meetingId}/rsvp`, {
      token: c.ann.token,
      body: { answer: 'notGoing' },
      headers: { 'Accept-Language': 'sk' },
    });
    expect(sk.status).toBe(409);
    expect(sk.body.detail).toBe('Toto stretnutie sa už konalo.');
    expect(storedAnswers()).toEqual(before);
  });

  it('an answer other than going, maybe or notGoing is a 400', async () => {
    const meeting = await c.schedule({ startsAt: '2027-11-01T18:00:00Z' });
    const before = storedAnswers();
    for (const body of [{}, { answer: 'yes' }, { answer: 1 }, { answer: null }, { answer: ['going'] }, { answer: 'GOING' }, 'going']) {
      const res = await c.club.call('POST', `/api/meetings/${meeting.meetingId}/rsvp`, { token: c.ann.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toBeTruthy();
    }
    const res = await c.club.call('POST', `/api/meetings/${meeting.meetingId}/rsvp`, { token: c.ann.token, body: { answer: 'yes' } });
    expect(res.body.errors).toEqual({ answer: ['Answer going, maybe or notGoing.'] });
    expect(storedAnswers()).toEqual(before);
  });
});

describe('bad input', () => {
  it('wrong types, missing fields, malformed dates, huge and odd values: a clear 400 with translated details, nothing saved', async () => {
    const start = '2028-01-10T18:00:00Z';
    const before = storedMeetings();
    const cases: [unknown, string][] = [
      [{}, 'startsAt'],
      [{ place: 'Library' }, 'startsAt'],
      [{ startsAt: null, place: 'Library' }, 'startsAt'],
      [{ startsAt: 1767225600000, place: 'Library' }, 'startsAt'],
      [{ startsAt: '2028-01-10T18:00:00', place: 'Library' }, 'startsAt'],
      [{ startsAt: '2028-01-10', place: 'Library' }, 'startsAt'],
      [{ startsAt: 'next Tuesday', place: 'Library' }, 'startsAt'],
      [{ startsAt: '2028-02-30T18:00:00Z', place: 'Library' }, 'startsAt'],
      [{ startsAt: '2028-01-10T25:00:00Z', place: 'Library' }, 'startsAt'],
      [{ startsAt: start, endsAt: 'soon', place: 'Library' }, 'endsAt'],
      [{ startsAt: start, place: 42 }, 'place'],
      [{ startsAt: start, place: 'x'.repeat(501) }, 'place'],
      [{ startsAt: start, place: ['Library'] }, 'place'],
      [{ startsAt: start, onlineUrl: 'javascript:alert(1)' }, 'onlineUrl'],
      [{ startsAt: start, onlineUrl: 'meet.example.org' }, 'onlineUrl'],
      [{ startsAt: start, place: 'Library', bookId: 'one' }, 'bookId'],
      [{ startsAt: start, place: 'Library', bookId: 1.5 }, 'bookId'],
      [{ startsAt: start, place: 'Library', bookId: -3 }, 'bookId'],
      [{ startsAt: start, place: 'Library', bookId: { id: 1 } }, 'bookId'],
      [{ startsAt: start, place: 'Library', notes: 'ü'.repeat(20_001) }, 'notes'],
      [{ startsAt: start, place: 'Library', notes: 7 }, 'notes'],
      [{ startsAt: start, place: 'Library', isCancelled: 'maybe', meetingId: 'x', notes: false }, 'notes'],
    ];
    for (const [body, field] of cases) {
      for (const language of ['en', 'sk']) {
        const res = await c.club.call('POST', '/api/meetings', { token: c.mod.token, body, headers: { 'Accept-Language': language } });
        expect(res.status, `${JSON.stringify(body).slice(0, 80)} (${language})`).toBe(400);
        expect(res.body.errors?.[field], `${JSON.stringify(body).slice(0, 80)}: ${JSON.stringify(res.body.errors)}`).toBeDefined();
        expect(res.body.detail).not.toMatch(/^validation:|^errors:/);
      }
    }
    for (const rawBody of ['{"startsAt": ', 'startsAt=2028', '[]', 'null']) {
      const res = await c.club.call('POST', '/api/meetings', { token: c.mod.token, rawBody });
      expect(res.status, rawBody).toBeGreaterThanOrEqual(400);
      expect(res.status, rawBody).toBeLessThan(500);
    }
    expect(storedMeetings()).toEqual(before);
  });

  it('unicode and long values within the limits are kept as given; extra fields cannot set what the server decides', async () => {
    const notes = '📚 Čítame „Babičku“ — 日本語も OK.\n'.repeat(400).slice(0, 19_999).trim();
    const meeting = await c.schedule({
      startsAt: '2028-01-11T18:00:00+01:00',
      place: 'Kaviareň Ďatelina, Štúrova 1 🍀'.padEnd(500, '.'),
      notes,
      ...({
        meetingId: 1,
        sequence: 99,
        isCancelled: true,
        ownerId: c.ann.userId,
        createdOn: '2000-01-01T00:00:00Z',
        rsvp: { going: [c.ann.userId] },
      } as object),
    });
    expect(meeting).toMatchObject({ sequence: 0, isCancelled: false, ownerId: c.mod.userId, rsvp: { going: [] }, notes });
    expect(meeting.place).toHaveLength(500);
    expect(meeting.meetingId).not.toBe(1);
  });
});
