import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatePoll } from '../../../shared/api/date-polls';
import { DATES, startDatePollsClub, type DatePollsClub } from '../../test-support/date-polls-club';
import type { TestMember } from '../../test-support/members';
import { ok } from '../../test-support/round-helpers';
import { settledOutbox, type ReceivedMail } from '../meetings/meeting-mailbox';
import { PUBLIC_URL } from '../meetings/meetings-club';

// Opening a date poll is news for the club's main list (and allevents, as every milestone); a moderator
// reminds those who have not answered, at most once a day; the deadline asks the moderators to pick.

let c: DatePollsClub;
let seen = 0;
let poll: DatePoll;

beforeAll(async () => {
  c = await startDatePollsClub();
  // Ann reads English on the main list; Ben reads Slovak on allevents; Cleo takes neither; Mona (who opens) both.
  await ok(c.club, 'POST', '/api/users/language', c.ben.token, { language: 'sk' });
  const subscribe = (member: TestMember, list: string) => ok(c.club, 'POST', `/api/newsletters/${list}/subscribe`, member.token);
  await subscribe(c.ann, 'basicevents');
  await subscribe(c.ben, 'allevents');
  await subscribe(c.mod, 'basicevents');
  await ok(c.club, 'POST', '/api/newsletters/basicevents/unsubscribe', c.admin);
  seen = (await settledOutbox(c.club.dataDir)).length;
}, 30_000);
afterAll(async () => {
  await c.club.close();
});

/** The mails sent since the last call, by recipient's name (the admin is "host"). */
async function newMail(): Promise<Record<string, ReceivedMail[]>> {
  const all = await settledOutbox(c.club.dataDir);
  const fresh = all.slice(seen);
  seen = all.length;
  const people: [string, string][] = [
    ['host', 'host@club.test'],
    ...[c.mod, c.ann, c.ben, c.cleo, c.bot].map((member): [string, string] => [member.name, member.email]),
  ];
  const byName = Object.fromEntries(people.map(([name, email]) => [name, fresh.filter((mail) => mail.to === email)]));
  expect(fresh.length, 'mail to nobody in the club').toBe(Object.values(byName).flat().length);
  return byName;
}
const subjects = (mail: Record<string, ReceivedMail[]>) =>
  Object.fromEntries(Object.entries(mail).map(([name, mails]) => [name, mails.map((one) => one.subject)]));

describe('mail about a date poll', () => {
  it('opening it mails the main list its dates in the club’s time zone and where to answer, each in their language; not its moderator', async () => {
    poll = await c.open({
      options: [{ startsAt: DATES[0], endsAt: '2026-10-20T21:30:00+02:00' }, { startsAt: DATES[1] }],
      closesAt: '2026-10-12T20:00:00+02:00',
      onlineUrl: 'https://meet.example.org/club',
    });
    const mail = await newMail();
    expect(subjects(mail)).toEqual({
      host: [],
      'Mona Moderator': [],
      Ann: ['[Test Club] When shall we meet? Our November evening'],
      Ben: ['[Test Club] Kedy sa stretneme? Our November evening'],
      Cleo: [],
      Bot: [],
    });
    const link = `${PUBLIC_URL}/stretnutia?datePoll=${poll.datePollId}`;
    expect(mail.Ann![0]!.text).toContain(
      [
        'Which of these dates suit you for Our November evening? Answer each yes, if need be, or no. (Times in Europe/Bratislava.)',
        '',
        '- Tuesday, October 20, 2026 at 19:00–21:30',
        '- Wednesday, October 21, 2026 at 19:00',
        '',
        'Where: Café Lumière, Bratislava',
        'Online: https://meet.example.org/club',
        '',
        'Please answer by Monday, October 12, 2026 at 20:00.',
        '',
        `Answer here:\n${link}`,
      ].join('\n'),
    );
    expect(mail.Ben![0]!.text).toContain('utorok 20. októbra 2026 o 19:00–21:30');
    expect(mail.Ben![0]!.text).toContain(link);
  });

  it('a reminder reaches the active members who have not answered, once a day at most (429 with Retry-After within it)', async () => {
    await ok(c.club, 'PUT', `/api/date-polls/${poll.datePollId}/answers`, c.ann.token, { answers: { [poll.options[0]!.optionId]: 'yes' } });
    const first = await ok(c.club, 'POST', `/api/date-polls/${poll.datePollId}/remind`, c.mod.token);
    expect(first).toEqual({ datePollId: poll.datePollId, reminded: 4, remindedOn: c.clock.now().toISOString() });
    const mail = await newMail();
    expect(subjects(mail)).toEqual({
      host: ['[Test Club] Not answered yet: Our November evening'],
      'Mona Moderator': ['[Test Club] Not answered yet: Our November evening'],
      Ann: [],
      Ben: ['[Test Club] Ešte ste neodpovedali: Our November evening'],
      Cleo: ['[Test Club] Not answered yet: Our November evening'],
      Bot: [],
    });
    expect(mail.Cleo![0]!.text).toContain(`${PUBLIC_URL}/stretnutia?datePoll=${poll.datePollId}`);
    expect((await c.read(poll.datePollId, c.ann.token)).remindedOn).toBe(first.remindedOn);

    c.clock.advance(23 * 60 * 60 * 1000);
    const again = await c.club.call('POST', `/api/date-polls/${poll.datePollId}/remind`, { token: c.mod.token });
    expect([again.status, again.headers.get('retry-after'), again.body.detail]).toEqual([
      429,
      '3600',
      'Members were reminded less than a day ago. You can remind them again in 1 h.',
    ]);
    c.clock.advance(60 * 60 * 1000);
    expect(await ok(c.club, 'POST', `/api/date-polls/${poll.datePollId}/remind`, c.mod.token)).toMatchObject({ reminded: 4 });
    expect(Object.values(await newMail()).flat()).toHaveLength(4);
  });

  it('the deadline mails each moderator once to pick the date', async () => {
    c.clock.set('2026-10-12T17:59:59Z');
    expect(Object.values(await newMail()).flat()).toEqual([]);
    c.clock.set('2026-10-12T18:00:00Z');
    const mail = await newMail();
    expect(subjects(mail)).toMatchObject({
      host: ['[Test Club] Pick the date: Our November evening'],
      'Mona Moderator': [expect.any(String)],
      Ann: [],
      Ben: [],
    });
    expect(mail.host![0]!.text).toContain(
      `answers are closed. Pick the date, and it becomes the meeting:\n${PUBLIC_URL}/stretnutia?datePoll=${poll.datePollId}`,
    );
    c.clock.advance(60 * 60 * 1000);
    expect(Object.values(await newMail()).flat()).toEqual([]);
  });
});
