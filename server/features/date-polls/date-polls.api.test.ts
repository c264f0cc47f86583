import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatePoll, DatePollSummary } from '../../../shared/api/date-polls';
import type { CalendarFeed, Meeting, MeetingList } from '../../../shared/api/meetings';
import { ok } from '../../test-support/round-helpers';
import { PUBLIC_URL } from '../meetings/meetings-club';
import { DATES, UTC, startDatePollsClub, type DatePollsClub } from '../../test-support/date-polls-club';

// Find the evening (issue 40, section 3): a moderator proposes dates, members answer each yes, if need be or
// no, and the pick becomes the meeting, as POST /api/meetings would make it, with its answers carried over.

let c: DatePollsClub;

beforeAll(async () => {
  c = await startDatePollsClub();
}, 30_000);
afterAll(async () => {
  await c.club.close();
});

const put = (poll: DatePoll, token: string, answers: Record<string, string>) =>
  ok(c.club, 'PUT', `/api/date-polls/${poll.datePollId}/answers`, token, { answers });

describe('a date poll from proposal to meeting', () => {
  it('three members answer, the pick schedules the meeting with yes as going and if need be as maybe, in the list and the calendar feed', async () => {
    const opened = await c.open({
      options: [{ startsAt: DATES[1], endsAt: '2026-10-21T21:00:00+02:00' }, { startsAt: DATES[0] }, { startsAt: DATES[2] }],
      bookId: c.book.bookId,
    });
    // Entered in any order, kept in date order, so nothing moves under a finger.
    expect(opened.options.map((option) => [option.startsAt, option.endsAt])).toEqual([
      [UTC[0], null],
      [UTC[1], '2026-10-21T19:00:00.000Z'],
      [UTC[2], null],
    ]);
    expect(opened).toMatchObject({ title: 'Our November evening', isClosed: false, meetingId: null, myAnswers: {}, respondents: [], bookId: c.book.bookId });
    const [first, second, third] = opened.options.map((option) => String(option.optionId)) as [string, string, string];

    // A member's answers replace their earlier ones: Ann's "no" to the third date is gone.
    await put(opened, c.ann.token, { [first]: 'yes', [second]: 'ifNeedBe', [third]: 'no' });
    expect(await put(opened, c.ann.token, { [second]: 'ifNeedBe', [first]: 'yes' })).toEqual({ [first]: 'yes', [second]: 'ifNeedBe' });
    await put(opened, c.ben.token, { [first]: 'ifNeedBe', [second]: 'yes', [third]: 'no' });
    await put(opened, c.cleo.token, { [first]: 'yes' });

    const seen = await c.read(opened.datePollId, c.ann.token);
    // (The club's clock stands still here: answers given at one moment come in no particular order.)
    const sorted = (ids: string[]) => [...ids].sort();
    expect(seen.options.map(({ yes, ifNeedBe, no }) => ({ yes: sorted(yes), ifNeedBe, no }))).toEqual([
      { yes: sorted([c.ann.userId, c.cleo.userId]), ifNeedBe: [c.ben.userId], no: [] },
      { yes: [c.ben.userId], ifNeedBe: [c.ann.userId], no: [] },
      { yes: [], ifNeedBe: [], no: [c.ben.userId] },
    ]);
    expect(seen.myAnswers).toEqual({ [first]: 'yes', [second]: 'ifNeedBe' });
    expect(seen.respondents.map((r) => r.name).sort()).toEqual(['Ann', 'Ben', 'Cleo']);
    // Who has not answered is the moderators' to see; bots never count.
    expect(seen.notAnswered).toBeNull();
    const forMod = await c.read(opened.datePollId, c.mod.token);
    expect(forMod.notAnswered!.map((member) => member.name)).toEqual(['host', 'Mona Moderator']);

    const picked = await ok(c.club, 'POST', `/api/date-polls/${opened.datePollId}/pick`, c.mod.token, { optionId: Number(first) });
    expect(picked).toEqual({ datePollId: opened.datePollId, meetingId: expect.any(Number) });
    const meeting = await ok<Meeting>(c.club, 'GET', `/api/meetings/${picked.meetingId}`, c.ann.token);
    expect(meeting).toMatchObject({
      startsAt: UTC[0],
      endsAt: null,
      place: 'Café Lumière, Bratislava',
      bookId: c.book.bookId,
      rsvp: { going: expect.arrayContaining([c.ann.userId, c.cleo.userId]), maybe: [c.ben.userId], notGoing: [] },
      myRsvp: 'going',
      ownerId: c.mod.userId,
    });
    expect(meeting.rsvp.going).toHaveLength(2);
    const list = await ok<MeetingList>(c.club, 'GET', '/api/meetings', c.ben.token);
    expect(list.upcoming.map((m) => m.meetingId)).toContain(picked.meetingId);
    const feed = await ok<CalendarFeed>(c.club, 'POST', '/api/users/calendar-feed', c.cleo.token);
    const ics = await fetch(`${c.club.url}${feed.url!.slice(PUBLIC_URL.length)}`).then((res) => res.text());
    expect(ics).toContain(`UID:meeting-${picked.meetingId}@club.example.org`);
    expect(ics).toContain('DTSTART:20261020T170000Z');

    const after = await c.read(opened.datePollId, c.ben.token);
    expect(after).toMatchObject({ isClosed: true, isCancelled: false, pickedOptionId: Number(first), meetingId: picked.meetingId });
    // Picked: it takes no more answers, and no second pick.
    for (const [method, path, body] of [
      ['PUT', 'answers', { answers: { [second]: 'yes' } }],
      ['POST', 'pick', { optionId: Number(second) }],
      ['POST', 'cancel', undefined],
      ['PATCH', '', { title: 'Another' }],
      ['POST', 'remind', undefined],
    ] as const) {
      const res = await c.club.call(method, `/api/date-polls/${opened.datePollId}${path ? `/${path}` : ''}`, { token: c.mod.token, body });
      expect([method, path, res.status, res.body.detail]).toEqual([method, path, 409, 'This date poll is already decided or cancelled.']);
    }
    expect(await c.read(opened.datePollId, c.ben.token)).toEqual(after);
  });

  it('lists open polls first, newest first, without their grids, with how many answered and the caller’s own answers', async () => {
    const older = await c.open({ title: 'Older' });
    const cancelled = await c.open({ title: 'Cancelled' });
    await ok(c.club, 'POST', `/api/date-polls/${cancelled.datePollId}/cancel`, c.mod.token);
    const newer = await c.open({ title: 'Newer' });
    await put(newer, c.ann.token, { [String(newer.options[0]!.optionId)]: 'yes' });
    const list = await ok<DatePollSummary[]>(c.club, 'GET', '/api/date-polls', c.ann.token);
    const titles = list.map((poll) => poll.title);
    expect(titles.indexOf('Newer')).toBeLessThan(titles.indexOf('Older'));
    expect(titles.indexOf('Older')).toBeLessThan(titles.indexOf('Cancelled'));
    expect(list.filter((poll) => poll.isClosed).every((poll) => titles.indexOf(poll.title) > titles.indexOf('Older'))).toBe(true);
    const summary = list.find((poll) => poll.datePollId === newer.datePollId)!;
    expect(summary).toMatchObject({ respondentCount: 1, myAnswers: { [String(newer.options[0]!.optionId)]: 'yes' } });
    expect(summary.options[0]).toEqual({ optionId: newer.options[0]!.optionId, startsAt: UTC[0], endsAt: null });
    expect(list.find((poll) => poll.datePollId === older.datePollId)).toMatchObject({ respondentCount: 0, myAnswers: {} });
  });

  it('an edit keeps the answers of dates sent back unchanged; a date given new times, or left out, loses them', async () => {
    const poll = await c.open();
    const [first, second, third] = poll.options;
    await put(poll, c.ann.token, { [first!.optionId]: 'yes', [second!.optionId]: 'no', [third!.optionId]: 'ifNeedBe' });
    const edited = await ok<DatePoll>(c.club, 'PATCH', `/api/date-polls/${poll.datePollId}`, c.mod.token, {
      title: 'Our December evening',
      closesAt: '2026-10-15T20:00:00+02:00',
      options: [
        { optionId: first!.optionId, startsAt: first!.startsAt },
        { optionId: second!.optionId, startsAt: '2026-10-23T19:00:00+02:00' },
        { startsAt: '2026-10-24T19:00:00+02:00' },
      ],
    });
    expect(edited).toMatchObject({ title: 'Our December evening', closesAt: '2026-10-15T18:00:00.000Z', version: poll.version + 2 });
    expect(edited.options.map((option) => option.startsAt)).toEqual([UTC[0], '2026-10-23T17:00:00.000Z', '2026-10-24T17:00:00.000Z']);
    expect(edited.options[0]).toMatchObject({ optionId: first!.optionId, yes: [c.ann.userId] });
    expect(edited.options[1]!.optionId).not.toBe(second!.optionId);
    expect(edited.options.slice(1).flatMap((option) => [...option.yes, ...option.ifNeedBe, ...option.no])).toEqual([]);
    expect((await c.read(poll.datePollId, c.ann.token)).myAnswers).toEqual({ [first!.optionId]: 'yes' });
  });

  it('a cancelled poll stays listed, closed, and refuses answers, a pick and edits', async () => {
    const poll = await c.open();
    const cancelled = await ok<DatePoll>(c.club, 'POST', `/api/date-polls/${poll.datePollId}/cancel`, c.mod.token);
    expect(cancelled).toMatchObject({ isClosed: true, isCancelled: true, meetingId: null });
    const answer = await c.club.call('PUT', `/api/date-polls/${poll.datePollId}/answers`, { token: c.ann.token, body: { answers: {} } });
    const pick = await c.club.call('POST', `/api/date-polls/${poll.datePollId}/pick`, { token: c.mod.token, body: { optionId: poll.options[0]!.optionId } });
    expect([answer.status, pick.status]).toEqual([409, 409]);
  });
});

describe('who may do what', () => {
  it('members read and answer; only moderators open, edit, cancel, pick and remind; bots only read; visitors nothing', async () => {
    const poll = await c.open();
    const id = poll.datePollId;
    const optionId = poll.options[0]!.optionId;
    const calls: [string, string, unknown][] = [
      ['GET', '/api/date-polls', undefined],
      ['GET', `/api/date-polls/${id}`, undefined],
      ['PUT', `/api/date-polls/${id}/answers`, { answers: { [optionId]: 'yes' } }],
      ['POST', '/api/date-polls', { title: 'Mine', options: DATES.map((startsAt) => ({ startsAt })), place: 'Home' }],
      ['PATCH', `/api/date-polls/${id}`, { title: 'Renamed' }],
      ['POST', `/api/date-polls/${id}/remind`, undefined],
      ['POST', `/api/date-polls/${id}/pick`, { optionId }],
      ['POST', `/api/date-polls/${id}/cancel`, undefined],
    ];
    const statuses: Record<string, number[]> = {};
    for (const [method, path, body] of calls) {
      const row: number[] = [];
      for (const token of [undefined, c.bot.token, c.ann.token]) row.push((await c.club.call(method, path, { token, body })).status);
      statuses[`${method} ${path.replace(String(id), '{id}')}`] = row;
    }
    expect(statuses).toEqual({
      'GET /api/date-polls': [401, 200, 200],
      'GET /api/date-polls/{id}': [401, 200, 200],
      'PUT /api/date-polls/{id}/answers': [401, 403, 200],
      'POST /api/date-polls': [401, 403, 403],
      'PATCH /api/date-polls/{id}': [401, 403, 403],
      'POST /api/date-polls/{id}/remind': [401, 403, 403],
      'POST /api/date-polls/{id}/pick': [401, 403, 403],
      'POST /api/date-polls/{id}/cancel': [401, 403, 403],
    });
    // Nothing the refused calls asked for happened: only Ann's answer.
    const after = await c.read(id, c.mod.token);
    expect(after).toMatchObject({ title: poll.title, isClosed: false, remindedOn: null, version: poll.version + 1 });
    expect((await ok<DatePollSummary[]>(c.club, 'GET', '/api/date-polls', c.ann.token)).some((one) => one.title === 'Mine')).toBe(false);
    // The moderator may, and so may the admin.
    await ok(c.club, 'POST', `/api/date-polls/${id}/pick`, c.admin, { optionId });
  });
});
