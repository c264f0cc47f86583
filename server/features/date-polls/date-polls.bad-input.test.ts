import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatePoll, DatePollSummary } from '../../../shared/api/date-polls';
import type { MeetingList } from '../../../shared/api/meetings';
import { DATES, startDatePollsClub, type DatePollsClub } from '../../test-support/date-polls-club';
import { ok } from '../../test-support/round-helpers';

// The "Bad input" for date polls: dates in the past, alike, more than 30, a foreign option in the
// answers, answers or a pick on a closed poll. Each is a clear translated error (en and sk), and nothing changes.

let c: DatePollsClub;

beforeAll(async () => {
  c = await startDatePollsClub();
}, 30_000);
afterAll(async () => {
  await c.club.close();
});

/** Everything a refused call could have changed: the polls, every grid, the meetings. */
async function clubState() {
  const polls = await ok<DatePollSummary[]>(c.club, 'GET', '/api/date-polls', c.mod.token);
  const grids = await Promise.all(polls.map((poll) => c.read(poll.datePollId, c.mod.token)));
  const meetings = await ok<MeetingList>(c.club, 'GET', '/api/meetings', c.mod.token);
  return { grids, meetings };
}

/** A refused call: its status and its detail in English and in Slovak. */
async function refused(method: string, path: string, token: string, body?: unknown) {
  const en = await c.club.call(method, path, { token, body });
  const sk = await c.club.call(method, path, { token, body, headers: { 'Accept-Language': 'sk' } });
  expect(sk.status).toBe(en.status);
  return { status: en.status, en: en.body.detail as string, sk: sk.body.detail as string, errors: en.body.errors };
}

const proposal = (options: unknown[], extra: Record<string, unknown> = {}) => ({ title: 'Bad', options, place: 'Home', ...extra });

describe('a proposal the club refuses', () => {
  it('fewer than 2 or more than 30 dates, one in the past, two alike, a deadline gone, no title: each a translated 400, nothing made', async () => {
    await c.open();
    const before = await clubState();
    const many = Array.from({ length: 31 }, (_, day) => ({ startsAt: new Date(Date.UTC(2026, 10, 1 + day, 18)).toISOString() }));
    const cases: [string, unknown, string, string][] = [
      ['one date', proposal([{ startsAt: DATES[0] }]), 'Propose 2 to 30 dates.', 'Navrhnite 2 až 30 termínov.'],
      ['31 dates', proposal(many), 'Propose 2 to 30 dates.', 'Navrhnite 2 až 30 termínov.'],
      [
        'a date in the past',
        proposal([{ startsAt: DATES[0] }, { startsAt: '2026-09-30T19:00:00+02:00' }]),
        'Each proposed date must be in the future.',
        'Každý navrhnutý termín musí byť v budúcnosti.',
      ],
      [
        'two alike (the same moment, written in two zones)',
        proposal([{ startsAt: DATES[0] }, { startsAt: '2026-10-20T17:00:00Z' }]),
        'Two of the proposed dates are the same.',
        'Dva z navrhnutých termínov sú rovnaké.',
      ],
      [
        'an end before the start',
        proposal([{ startsAt: DATES[0], endsAt: '2026-10-20T18:00:00+02:00' }, { startsAt: DATES[1] }]),
        'Each proposed date must end after it starts.',
        'Každý navrhnutý termín musí skončiť až po začiatku.',
      ],
      [
        'a deadline gone',
        proposal([{ startsAt: DATES[0] }, { startsAt: DATES[1] }], { closesAt: '2026-09-01T00:00:00Z' }),
        'The deadline must be in the future.',
        'Termín musí byť v budúcnosti.',
      ],
      ['no title', { options: [{ startsAt: DATES[0] }, { startsAt: DATES[1] }] }, 'Please enter a title.', 'Zadajte názov.'],
    ];
    for (const [what, body, en, sk] of cases) {
      expect([what, await refused('POST', '/api/date-polls', c.mod.token, body)]).toEqual([what, { status: 400, en, sk, errors: expect.any(Object) }]);
    }
    expect((await refused('POST', '/api/date-polls', c.mod.token, proposal([{ startsAt: DATES[0] }, { startsAt: DATES[1] }], { bookId: 999 }))).status).toBe(
      404,
    );
    expect(await clubState()).toEqual(before);
  });
});

describe('answers the club refuses', () => {
  let poll: DatePoll;
  let other: DatePoll;

  beforeAll(async () => {
    poll = await c.open({ closesAt: '2026-10-10T20:00:00+02:00' });
    other = await c.open({ title: 'Another' });
    await ok(c.club, 'PUT', `/api/date-polls/${poll.datePollId}/answers`, c.ann.token, { answers: { [poll.options[0]!.optionId]: 'yes' } });
  });

  it('a foreign option or an answer other than yes, ifNeedBe or no is a 400, and the earlier answers stand', async () => {
    const before = await clubState();
    const path = `/api/date-polls/${poll.datePollId}/answers`;
    const own = String(poll.options[1]!.optionId);
    const foreign = {
      status: 400,
      en: "Answer or pick only this poll's own dates.",
      sk: 'Odpovedať a vyberať sa dá len z termínov tejto ankety.',
      errors: undefined,
    };
    expect(await refused('PUT', path, c.ann.token, { answers: { [own]: 'yes', [other.options[0]!.optionId]: 'yes' } })).toEqual(foreign);
    expect(await refused('PUT', path, c.ann.token, { answers: { [own]: 'yes', abc: 'no' } })).toEqual(foreign);
    expect(await refused('PUT', path, c.ann.token, { answers: { [`0${own}`]: 'yes' } })).toEqual(foreign);
    expect(await refused('PUT', path, c.ann.token, { answers: { [own]: 'maybe' } })).toMatchObject({ status: 400, en: 'Answer yes, ifNeedBe or no.' });
    expect(await refused('PUT', path, c.ann.token, { answers: [own] })).toMatchObject({ status: 400 });
    expect(await clubState()).toEqual(before);
  });

  it('past its deadline a poll refuses answers and reminders (409) but takes a pick', async () => {
    c.clock.set('2026-10-10T18:00:01Z');
    const before = await clubState();
    const answers = await refused('PUT', `/api/date-polls/${poll.datePollId}/answers`, c.ben.token, { answers: { [poll.options[0]!.optionId]: 'yes' } });
    expect(answers).toEqual({
      status: 409,
      en: 'The deadline has passed: answers are closed, and a moderator picks the date.',
      sk: 'Termín na odpovede uplynul: odpovede sú uzavreté a dátum vyberie moderátor.',
      errors: undefined,
    });
    expect((await refused('POST', `/api/date-polls/${poll.datePollId}/remind`, c.mod.token)).status).toBe(409);
    expect(await clubState()).toEqual(before);
    const picked = await ok(c.club, 'POST', `/api/date-polls/${poll.datePollId}/pick`, c.mod.token, { optionId: poll.options[0]!.optionId });
    expect(picked.meetingId).toEqual(expect.any(Number));
  });
});

describe('a pick the club refuses', () => {
  it('a foreign option, neither place nor link, or a date now past is a 400, and no meeting is made', async () => {
    const poll = await c.open({ place: null, onlineUrl: null });
    const other = await c.open({ title: 'Elsewhere' });
    const before = await clubState();
    const path = `/api/date-polls/${poll.datePollId}/pick`;
    expect(await refused('POST', path, c.mod.token, { optionId: other.options[0]!.optionId })).toMatchObject({
      status: 400,
      en: "Answer or pick only this poll's own dates.",
    });
    expect(await refused('POST', path, c.mod.token, { optionId: poll.options[0]!.optionId })).toMatchObject({
      status: 400,
      en: 'Give a place or an online link (or both).',
      sk: expect.any(String),
    });
    expect(await refused('POST', path, c.mod.token, {})).toMatchObject({ status: 400, en: "Choose one of the poll's dates." });
    c.clock.set('2026-10-20T17:00:00Z');
    expect(await refused('POST', path, c.mod.token, { optionId: poll.options[0]!.optionId, place: 'Home' })).toMatchObject({
      status: 400,
      en: 'The meeting must start in the future.',
    });
    expect(await clubState()).toEqual(before);
    // The place given with the pick is used, the poll having none.
    const picked = await ok(c.club, 'POST', path, c.mod.token, { optionId: poll.options[1]!.optionId, onlineUrl: 'https://meet.example.org/club' });
    expect(await ok(c.club, 'GET', `/api/meetings/${picked.meetingId}`, c.ann.token)).toMatchObject({
      place: null,
      onlineUrl: 'https://meet.example.org/club',
    });
  });

  it('an edit naming a date of another poll, or making two alike, is a 400, and the poll stays as it was', async () => {
    c.clock.set('2026-10-21T00:00:00Z');
    const poll = await c.open({ options: ['2026-11-02T19:00:00+01:00', '2026-11-03T19:00:00+01:00'].map((startsAt) => ({ startsAt })) });
    const other = await c.open({ title: 'Other', options: ['2026-11-04T19:00:00+01:00', '2026-11-05T19:00:00+01:00'].map((startsAt) => ({ startsAt })) });
    const before = await clubState();
    const path = `/api/date-polls/${poll.datePollId}`;
    const [first, second] = poll.options;
    expect(
      await refused('PATCH', path, c.mod.token, { options: [first, { optionId: other.options[0]!.optionId, startsAt: other.options[0]!.startsAt }] }),
    ).toMatchObject({
      status: 400,
      en: "Answer or pick only this poll's own dates.",
    });
    expect(await refused('PATCH', path, c.mod.token, { options: [first, { startsAt: second!.startsAt }, { startsAt: second!.startsAt }] })).toMatchObject({
      status: 400,
      en: 'Two of the proposed dates are the same.',
    });
    expect(await refused('PATCH', path, c.mod.token, { options: [first] })).toMatchObject({ status: 400, en: 'Propose 2 to 30 dates.' });
    expect(await clubState()).toEqual(before);
  });
});
