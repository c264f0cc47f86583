import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_POLL_OPTIONS_MAX, type DatePoll, type DatePollState } from '../../../shared/api/date-polls';
import { DELTA_EVENTS, type DatePollAnswered } from '../../../shared/events';
import { LiveClient } from '../../realtime/test-support/live-clients';
import { startDatePollsClub, type DatePollsClub } from '../../test-support/date-polls-club';
import { ok } from '../../test-support/round-helpers';

// A date poll's grid is read once, then followed by small events: DatePollAnswered (one member's answers)
// and DatePollUpdated (the poll without its grid), to clients that asked for the small events and to
// clients that asked for nothing alike (date polls never had a whole-document event). Never the grid.

let c: DatePollsClub;
/** As a foreign client connects: socket.io-client's defaults, asking for nothing. */
let plain: LiveClient;
/** As our renderer connects: asking for the small events. */
let small: LiveClient;

beforeAll(async () => {
  c = await startDatePollsClub();
  plain = await LiveClient.connect(c.club.url, c.ben.token, { deltas: false });
  small = await LiveClient.connect(c.club.url, c.cleo.token, { deltas: true });
}, 30_000);
afterAll(async () => {
  plain?.close();
  small?.close();
  await c.club.close();
});

/** Whether a payload carries anyone's answers to the dates: the grid. */
const carriesGrid = (payload: unknown) => JSON.stringify(payload).includes('"yes":[') || JSON.stringify(payload).includes('"respondents"');

describe('date polls pushed live', () => {
  it('a poll of 30 dates comes as its state; an answer as that member’s answers alone, well under 1 kB, each the next version', async () => {
    const options = Array.from({ length: DATE_POLL_OPTIONS_MAX }, (_, day) => ({ startsAt: new Date(Date.UTC(2026, 10, 1 + day, 17)).toISOString() }));
    const poll = await c.open({ options });
    for (const client of [plain, small]) {
      const opened = await client.next<DatePollState>(DELTA_EVENTS.datePollUpdated, (state) => state.datePollId === poll.datePollId);
      const { myAnswers: _mine, respondents: _respondents, notAnswered: _waiting, ...state } = poll;
      expect(opened.payload).toEqual({ ...state, options: poll.options.map(({ optionId, startsAt, endsAt }) => ({ optionId, startsAt, endsAt })) });
    }

    // Every one of the 30 dates answered, the longest answer a member can give.
    const answers = Object.fromEntries(poll.options.map((option, index) => [String(option.optionId), index % 2 ? 'ifNeedBe' : 'yes']));
    await ok(c.club, 'PUT', `/api/date-polls/${poll.datePollId}/answers`, c.ann.token, { answers });
    for (const client of [plain, small]) {
      const answered = await client.next<DatePollAnswered>(DELTA_EVENTS.datePollAnswered, (event) => event.datePollId === poll.datePollId);
      expect(answered.payload).toEqual({ datePollId: poll.datePollId, version: poll.version + 1, userId: c.ann.userId, name: 'Ann', answers });
      expect(answered.bytes).toBeLessThan(1024);
    }
    // Ben's answers replace nothing of Ann's: his event is his alone.
    await ok(c.club, 'PUT', `/api/date-polls/${poll.datePollId}/answers`, c.ben.token, { answers: { [poll.options[0]!.optionId]: 'no' } });
    const bens = await small.next<DatePollAnswered>(DELTA_EVENTS.datePollAnswered, (event) => event.userId === c.ben.userId);
    expect(bens.payload).toEqual({
      datePollId: poll.datePollId,
      version: poll.version + 2,
      userId: c.ben.userId,
      name: 'Ben',
      answers: { [poll.options[0]!.optionId]: 'no' },
    });
    expect(bens.bytes).toBeLessThan(200);
  });

  it('an edit, a reminder, a cancel and a pick come as the poll without its grid; the grid never travels', async () => {
    const poll = await c.open({ title: 'Live' });
    await ok(c.club, 'PUT', `/api/date-polls/${poll.datePollId}/answers`, c.ann.token, { answers: { [poll.options[0]!.optionId]: 'yes' } });
    await ok(c.club, 'PATCH', `/api/date-polls/${poll.datePollId}`, c.mod.token, { title: 'Live, renamed' });
    await small.next<DatePollState>(DELTA_EVENTS.datePollUpdated, (state) => state.title === 'Live, renamed');
    await ok(c.club, 'POST', `/api/date-polls/${poll.datePollId}/remind`, c.mod.token);
    await small.next<DatePollState>(DELTA_EVENTS.datePollUpdated, (state) => state.datePollId === poll.datePollId && state.remindedOn !== null);
    const picked = await ok(c.club, 'POST', `/api/date-polls/${poll.datePollId}/pick`, c.mod.token, { optionId: poll.options[0]!.optionId });
    for (const client of [plain, small]) {
      const last = await client.next<DatePollState>(DELTA_EVENTS.datePollUpdated, (state) => state.datePollId === poll.datePollId && state.isClosed);
      expect(last.payload).toMatchObject({ pickedOptionId: poll.options[0]!.optionId, meetingId: picked.meetingId, version: poll.version + 4 });
    }
    const cancelled = await c.open({ title: 'Live, cancelled' });
    await ok<DatePoll>(c.club, 'POST', `/api/date-polls/${cancelled.datePollId}/cancel`, c.mod.token);
    await plain.next<DatePollState>(DELTA_EVENTS.datePollUpdated, (state) => state.datePollId === cancelled.datePollId && state.isCancelled);

    const datePollEvents = [...plain.received, ...small.received].filter((r) => r.event.startsWith('DatePoll'));
    expect(datePollEvents.length).toBeGreaterThan(10);
    expect(datePollEvents.filter((r) => carriesGrid(r.payload)).map((r) => r.event)).toEqual([]);
  });
});
