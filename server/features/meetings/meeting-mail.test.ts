import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Meeting } from '../../../shared/api/meetings';
import { addMember, type TestMember } from '../../test-support/members';
import { ok } from '../../test-support/round-helpers';
import { attachedEvent, settledOutbox, type ReceivedMail } from './meeting-mailbox';
import { PUBLIC_URL, startMeetingsClub, type MeetingsClub } from './meetings-club';

// A meeting scheduled, changed or cancelled is news: the newsletters' subscribers (basicevents and
// allevents, a meeting being a milestone) get it once each, in their language, with the time in the club's
// TIME_ZONE (Europe/Bratislava here) and the meeting's .ics attached; the moderator who made the change
// does not. An answer is no news.

let c: MeetingsClub;
/** Ann reads English and takes basicevents; Ben reads Slovak and takes allevents; Cleo takes both; Dan none. */
let cleo: TestMember;
let dan: TestMember;
/** How many outbox mails there were before the step under test. */
let seen = 0;

beforeAll(async () => {
  c = await startMeetingsClub();
  cleo = await addMember(c.club, { name: 'Cleo' });
  dan = await addMember(c.club, { name: 'Dan' });
  await ok(c.club, 'POST', '/api/users/language', c.ben.token, { language: 'sk' });
  const subscribe = (member: TestMember, list: string) => ok(c.club, 'POST', `/api/newsletters/${list}/subscribe`, member.token);
  await subscribe(c.ann, 'basicevents');
  await subscribe(c.ben, 'allevents');
  await subscribe(cleo, 'basicevents');
  await subscribe(cleo, 'allevents');
  // The moderator takes both lists, and still hears nothing of their own changes.
  await subscribe(c.mod, 'basicevents');
  await subscribe(c.mod, 'allevents');
  // The first admin starts subscribed, as every new account does; here the admin only sets the club up.
  await ok(c.club, 'POST', '/api/newsletters/basicevents/unsubscribe', c.admin);
  seen = (await settledOutbox(c.club.dataDir)).length;
}, 30_000);
afterAll(async () => {
  await c.club.close();
});

/** The mails sent since the last call, by recipient's name. */
async function newMail(): Promise<Record<string, ReceivedMail[]>> {
  const all = await settledOutbox(c.club.dataDir);
  const fresh = all.slice(seen);
  seen = all.length;
  const byName: Record<string, ReceivedMail[]> = {};
  for (const member of [c.mod, c.ann, c.ben, cleo, dan, c.bot]) byName[member.name] = fresh.filter((mail) => mail.to === member.email);
  expect(fresh.length, 'mail to nobody in the club').toBe(Object.values(byName).flat().length);
  return byName;
}

const recipients = (mail: Record<string, ReceivedMail[]>) =>
  Object.fromEntries(Object.entries(mail).map(([name, mails]) => [name, mails.map((one) => one.subject)]));

const page = (meeting: Meeting) => `${PUBLIC_URL}/stretnutia/${meeting.meetingId}`;
const uid = (meeting: Meeting) => `meeting-${meeting.meetingId}@club.example.org`;

describe('mail about meetings', () => {
  let meeting: Meeting;

  it('a scheduled meeting reaches each subscriber once, in their language, with its time in TIME_ZONE and the .ics; not its moderator', async () => {
    meeting = await c.schedule({
      startsAt: '2026-10-20T19:00:00+02:00',
      endsAt: '2026-10-20T21:30:00+02:00',
      bookId: c.book.bookId,
      onlineUrl: 'https://meet.example.org/club',
      notes: 'Bring **your** favourite quote.\nTea is on us.',
    });
    const mail = await newMail();
    expect(recipients(mail)).toEqual({
      'Mona Moderator': [],
      Ann: ['[Test Club] New meeting: Tuesday, October 20, 2026'],
      Ben: ['[Test Club] Nové stretnutie: utorok 20. októbra 2026'],
      Cleo: ['[Test Club] New meeting: Tuesday, October 20, 2026'],
      Dan: [],
      Bot: [],
    });
    const [english] = mail.Ann!;
    expect(english!.text).toBe(
      [
        'The club has scheduled a meeting.',
        '',
        'When: Tuesday, October 20, 2026, 19:00–21:30 (Europe/Bratislava)',
        'Book: Čítať v lete',
        'Where: Café Lumière, Bratislava',
        'Online: https://meet.example.org/club',
        '',
        'Notes:',
        'Bring **your** favourite quote.',
        'Tea is on us.',
        '',
        "The meeting's page, where you can say whether you are coming:",
        page(meeting),
        '',
        '— Test Club',
        '',
        `You get this mail because you subscribed to Test Club's news. Change that on your profile: ${PUBLIC_URL}/my/${encodeURIComponent(c.ann.email)}`,
        '',
      ].join('\n'),
    );
    const [slovak] = mail.Ben!;
    expect(slovak!.text).toContain('Klub naplánoval stretnutie.\n\nKedy: utorok 20. októbra 2026, 19:00–21:30 (Europe/Bratislava)');
    expect(slovak!.text).toContain('Kniha: Čítať v lete\nKde: Café Lumière, Bratislava\nOnline: https://meet.example.org/club');
    expect(slovak!.text).toContain(`Stránka stretnutia, kde môžeš dať vedieť, či prídeš:\n${page(meeting)}`);
    expect(slovak!.text).toContain('Tento e-mail dostávaš, lebo odoberáš novinky klubu Test Club.');

    for (const one of [english!, slovak!]) {
      expect(one.attachments.map((file) => [file.filename, file.contentType.replace(/; name=.*$/, '')])).toEqual([
        [`meeting-${meeting.meetingId}.ics`, 'text/calendar; charset=utf-8; method=PUBLISH'],
      ]);
      expect(attachedEvent(one.attachments[0]!)).toEqual({
        method: 'PUBLISH',
        events: 1,
        uid: uid(meeting),
        sequence: 0,
        status: 'CONFIRMED',
        start: '2026-10-20T17:00:00.000Z',
      });
    }
  });

  it("an answer mails nobody: neither the club's nor a member's going, maybe or not going", async () => {
    await ok(c.club, 'POST', `/api/meetings/${meeting.meetingId}/rsvp`, c.ann.token, { answer: 'going' });
    await ok(c.club, 'POST', `/api/meetings/${meeting.meetingId}/rsvp`, c.ben.token, { answer: 'maybe' });
    await ok(c.club, 'POST', `/api/meetings/${meeting.meetingId}/rsvp`, cleo.token, { answer: 'notGoing' });
    expect(Object.values(await newMail()).flat()).toEqual([]);
  });

  it('a change says what changed: the new time across the change to winter time, still 19:00 in Bratislava, and the new place', async () => {
    // Bratislava leaves summer time on 25 October: 19:00 is 17:00 UTC before it and 18:00 UTC after.
    const changed = await ok<Meeting>(c.club, 'PATCH', `/api/meetings/${meeting.meetingId}`, c.mod.token, {
      startsAt: '2026-11-03T18:00:00Z',
      endsAt: null,
      place: 'Kníhkupectvo Artforum, Kozia 20',
    });
    expect(changed.sequence).toBe(1);
    const mail = await newMail();
    expect(recipients(mail)).toEqual({
      'Mona Moderator': [],
      Ann: ['[Test Club] Meeting changed: Tuesday, November 3, 2026'],
      Ben: ['[Test Club] Zmena stretnutia: utorok 3. novembra 2026'],
      Cleo: ['[Test Club] Meeting changed: Tuesday, November 3, 2026'],
      Dan: [],
      Bot: [],
    });
    expect(mail.Ann![0]!.text).toMatch(
      new RegExp(
        '^' +
          [
            'A meeting has changed:',
            '- New time: Tuesday, November 3, 2026, 19:00 \\(Europe/Bratislava\\)',
            '  \\(before: Tuesday, October 20, 2026, 19:00–21:30\\)',
            '- New place: Kníhkupectvo Artforum, Kozia 20',
            '',
            'When: Tuesday, November 3, 2026, 19:00 \\(Europe/Bratislava\\)',
            'Book: Čítať v lete',
            'Where: Kníhkupectvo Artforum, Kozia 20',
          ].join('\n'),
      ),
    );
    expect(mail.Ben![0]!.text).toMatch(
      /^Stretnutie sa zmenilo:\n- Nový čas: utorok 3\. novembra 2026, 19:00 \(Europe\/Bratislava\)\n {2}\(predtým: utorok 20\. októbra 2026, 19:00–21:30\)\n- Nové miesto: Kníhkupectvo Artforum, Kozia 20\n\nKedy: utorok 3\. novembra 2026, 19:00 \(Europe\/Bratislava\)/,
    );
    for (const one of [mail.Ann![0]!, mail.Ben![0]!, mail.Cleo![0]!]) {
      expect(attachedEvent(one.attachments[0]!)).toMatchObject({ uid: uid(meeting), sequence: 1, status: 'CONFIRMED', start: '2026-11-03T18:00:00.000Z' });
    }
  });

  it('a change of the book, link or notes names each; one that changes nothing is no news', async () => {
    await ok(c.club, 'PATCH', `/api/meetings/${meeting.meetingId}`, c.admin, { bookId: null, onlineUrl: null, notes: 'Tea only.' });
    const mail = await newMail();
    // The admin made this change: the moderator hears of it like everyone.
    expect(mail['Mona Moderator']!.map((one) => one.subject)).toEqual(['[Test Club] Meeting changed: Tuesday, November 3, 2026']);
    expect(mail.Ann![0]!.text).toMatch(
      /^A meeting has changed:\n- No online link any more\n- No book set any more\n- The notes have changed \(below\)\n\nWhen: /,
    );
    expect(mail.Ben![0]!.text).toMatch(
      /^Stretnutie sa zmenilo:\n- Odkaz na online pripojenie bol zrušený\n- Kniha už nie je určená\n- Zmenili sa poznámky \(nižšie\)\n\nKedy: /,
    );
    expect(mail.Ann![0]!.text).not.toContain('Book:');
    expect(attachedEvent(mail.Ann![0]!.attachments[0]!).sequence).toBe(2);

    const same = await ok<Meeting>(c.club, 'PATCH', `/api/meetings/${meeting.meetingId}`, c.mod.token, {
      place: 'Kníhkupectvo Artforum, Kozia 20',
      notes: 'Tea only.',
    });
    expect(same.sequence).toBe(2);
    expect(Object.values(await newMail()).flat()).toEqual([]);
  });

  it('a cancellation reaches everyone but its moderator, with the .ics marked CANCELLED, one revision on', async () => {
    await ok(c.club, 'POST', `/api/meetings/${meeting.meetingId}/cancel`, c.mod.token);
    const mail = await newMail();
    expect(recipients(mail)).toEqual({
      'Mona Moderator': [],
      Ann: ['[Test Club] Meeting cancelled: Tuesday, November 3, 2026'],
      Ben: ['[Test Club] Zrušené stretnutie: utorok 3. novembra 2026'],
      Cleo: ['[Test Club] Meeting cancelled: Tuesday, November 3, 2026'],
      Dan: [],
      Bot: [],
    });
    expect(mail.Ann![0]!.text).toMatch(
      /^This meeting is cancelled\.\n\nWhen: Tuesday, November 3, 2026, 19:00 \(Europe\/Bratislava\)\nWhere: Kníhkupectvo Artforum/,
    );
    expect(mail.Ben![0]!.text).toMatch(/^Toto stretnutie je zrušené\.\n\nKedy: utorok 3\. novembra 2026, 19:00 \(Europe\/Bratislava\)/);
    for (const one of [mail.Ann![0]!, mail.Ben![0]!, mail.Cleo![0]!]) {
      expect(attachedEvent(one.attachments[0]!)).toEqual({
        method: 'PUBLISH',
        events: 1,
        uid: uid(meeting),
        sequence: 3,
        status: 'CANCELLED',
        start: '2026-11-03T18:00:00.000Z',
      });
    }
  });

  it("the attachment's event is the feed's: the same UID and SEQUENCE as the meeting's own .ics", async () => {
    const res = await fetch(`${c.club.url}/api/meetings/${meeting.meetingId}/ics`, { headers: { Authorization: `Bearer ${c.ann.token}` } });
    const own = attachedEvent({ filename: '', contentType: '', content: await res.text() });
    expect(own).toMatchObject({ uid: uid(meeting), sequence: 3, status: 'CANCELLED' });
  });
});
