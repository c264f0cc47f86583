import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Meeting } from '../../../shared/api/meetings';
import { findRow, insertRow, updateRows } from '../../db/table';
import { ManualClock } from '../../test-support/manual-clock';
import { addMember, type TestMember } from '../../test-support/members';
import { ok } from '../../test-support/round-helpers';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { userTable } from '../accounts';
import { attachedEvent, settledOutbox } from './meeting-mailbox';
import { meetingRsvpTable, meetingTable } from './meeting.entity';
import { meetingsClubConfig, startMeetingsClub, type MeetingsClub } from './meetings-club';

// The day before a meeting, at its hour, those who answered going or maybe are reminded of it, once, each
// in their language with the .ics. What is still to do is kept in the meeting's row: after a restart a
// reminder that fell due meanwhile goes late if the meeting has not started, and none goes twice.

interface Club extends MeetingsClub {
  cleo: TestMember;
  /** A member who answered going, then was disabled. */
  gone: TestMember;
}

const running: TestServer[] = [];
const dataDirs: string[] = [];
afterEach(async () => {
  for (const club of running.splice(0)) await club.server.close();
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A meetings club on a data folder of its own (kept across restarts); Ben reads Slovak. */
async function startClub(): Promise<Club> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-reminders-'));
  dataDirs.push(dataDir);
  const c = await startMeetingsClub({ dataDir });
  running.push(c.club);
  await ok(c.club, 'POST', '/api/users/language', c.ben.token, { language: 'sk' });
  return { ...c, cleo: await addMember(c.club, { name: 'Cleo' }), gone: await addMember(c.club, { name: 'Gone' }) };
}

/** Stops the club and starts it again on the same data folder, its clock at `at` (time went on while it was down). */
async function restart(c: Club, at: string): Promise<void> {
  await c.club.server.close();
  running.splice(running.indexOf(c.club), 1);
  c.clock = new ManualClock(at);
  c.club = await startTestServer(meetingsClubConfig(c.clock, { dataDir: c.club.dataDir }));
  running.push(c.club);
}

const answer = (c: Club, meeting: Meeting, member: TestMember, rsvp: 'going' | 'maybe' | 'notGoing') =>
  ok(c.club, 'POST', `/api/meetings/${meeting.meetingId}/rsvp`, member.token, { answer: rsvp });

/** The reminders sent so far, as [recipient's name, subject], by name (the outbox keeps no order). */
async function reminders(c: Club): Promise<[string, string][]> {
  const names = new Map([c.mod, c.ann, c.ben, c.cleo, c.gone, c.bot].map((member) => [member.email, member.name]));
  return (await settledOutbox(c.club.dataDir))
    .filter((mail) => /Reminder|Pripomienka/.test(mail.subject))
    .map((mail): [string, string] => [names.get(mail.to) ?? mail.to, mail.subject])
    .sort(([a], [b]) => a.localeCompare(b));
}

const reminderSentOn = (c: Club, meeting: Meeting) => c.sql((db) => findRow(db, meetingTable, { id: meeting.meetingId })!.reminderSentOn);

describe('the day-before reminder', () => {
  it('goes at startsAt − 24 h, once, to exactly those going or maybe, in their language, with the .ics', async () => {
    const c = await startClub();
    // 19:00 in Bratislava on 20 October: 17:00 UTC.
    const meeting = await c.schedule({ startsAt: '2026-10-20T19:00:00+02:00', bookId: c.book.bookId });
    await answer(c, meeting, c.ann, 'going');
    await answer(c, meeting, c.ben, 'maybe');
    await answer(c, meeting, c.cleo, 'notGoing');
    await answer(c, meeting, c.gone, 'going');
    c.sql((db) => {
      updateRows(db, userTable, { id: c.gone.userId }, { disabledOn: c.clock.now().toISOString() });
      // A bot cannot answer through the API; even one that has an answer is never mailed.
      insertRow(db, meetingRsvpTable, { meetingId: meeting.meetingId, userId: c.bot.userId, answer: 'going', modifiedOn: c.clock.now().toISOString() });
    });

    c.clock.set('2026-10-19T16:59:59Z');
    expect(await reminders(c)).toEqual([]);
    c.clock.set('2026-10-19T17:00:00Z');
    expect(await reminders(c)).toEqual([
      ['Ann', '[Test Club] Reminder: meeting on Tuesday, October 20, 2026'],
      ['Ben', '[Test Club] Pripomienka stretnutia: utorok 20. októbra 2026'],
    ]);
    expect(reminderSentOn(c, meeting)).toBe('2026-10-19T17:00:00.000Z');

    const mails = await settledOutbox(c.club.dataDir);
    const toAnn = mails.find((mail) => mail.to === c.ann.email)!;
    expect(toAnn.text).toBe(
      [
        'A reminder of the meeting you said you are going to.',
        '',
        'When: Tuesday, October 20, 2026, 19:00 (Europe/Bratislava)',
        'Book: Čítať v lete',
        'Where: Café Lumière, Bratislava',
        '',
        "The meeting's page, where you can say whether you are coming:",
        `https://club.example.org/stretnutia/${meeting.meetingId}`,
        '',
        '— Test Club',
        '',
      ].join('\n'),
    );
    const toBen = mails.find((mail) => mail.to === c.ben.email)!;
    expect(toBen.text).toMatch(/^Pripomíname stretnutie, na ktoré možno prídeš\.\n\nKedy: utorok 20\. októbra 2026, 19:00 \(Europe\/Bratislava\)\n/);
    for (const mail of [toAnn, toBen]) {
      expect(mail.attachments.map((file) => file.filename)).toEqual([`meeting-${meeting.meetingId}.ics`]);
      expect(attachedEvent(mail.attachments[0]!)).toMatchObject({
        uid: `meeting-${meeting.meetingId}@club.example.org`,
        sequence: 0,
        status: 'CONFIRMED',
        start: '2026-10-20T17:00:00.000Z',
      });
    }

    // Neither later on, nor after a restart.
    c.clock.advance(60 * 60 * 1000);
    expect(await reminders(c)).toHaveLength(2);
    await restart(c, '2026-10-20T10:00:00Z');
    expect(await reminders(c)).toHaveLength(2);
  });

  it('goes late when the server was down at its moment, as long as the meeting has not started; once', async () => {
    const c = await startClub();
    const meeting = await c.schedule({ startsAt: '2026-10-20T19:00:00+02:00' });
    await answer(c, meeting, c.ann, 'going');
    // Down from 1 October until an hour before the meeting.
    await restart(c, '2026-10-20T16:00:00Z');
    expect(await reminders(c)).toEqual([['Ann', '[Test Club] Reminder: meeting on Tuesday, October 20, 2026']]);
    expect(reminderSentOn(c, meeting)).toBe('2026-10-20T16:00:00.000Z');
    await restart(c, '2026-10-20T16:30:00Z');
    expect(await reminders(c)).toHaveLength(1);
  });

  it('never goes for a cancelled meeting, nor for one that started while the server was down', async () => {
    const c = await startClub();
    const cancelled = await c.schedule({ startsAt: '2026-10-12T19:00:00+02:00' });
    const underWay = await c.schedule({ startsAt: '2026-10-20T19:00:00+02:00' });
    for (const meeting of [cancelled, underWay]) await answer(c, meeting, c.ann, 'going');
    await ok(c.club, 'POST', `/api/meetings/${cancelled.meetingId}/cancel`, c.mod.token);
    c.clock.set('2026-10-11T18:00:00Z');
    expect(await reminders(c)).toEqual([]);

    // Down from before the second meeting's reminder until half an hour into the meeting.
    await restart(c, '2026-10-20T17:30:00Z');
    expect(await reminders(c)).toEqual([]);
    expect([reminderSentOn(c, cancelled), reminderSentOn(c, underWay)]).toEqual([null, null]);
    expect(c.clock.pendingTimers).toBe(0);
  });

  it('a meeting moved after its reminder went gets a new one the day before its new start; moved earlier, it comes earlier', async () => {
    const c = await startClub();
    const meeting = await c.schedule({ startsAt: '2026-11-10T19:00:00+01:00' });
    await answer(c, meeting, c.ann, 'going');
    // Brought forward to 20 October: the reminder comes on the 19th, not on 9 November as first set.
    await ok(c.club, 'PATCH', `/api/meetings/${meeting.meetingId}`, c.mod.token, { startsAt: '2026-10-20T19:00:00+02:00' });
    c.clock.set('2026-10-19T17:00:00Z');
    expect(await reminders(c)).toEqual([['Ann', '[Test Club] Reminder: meeting on Tuesday, October 20, 2026']]);

    // A change that keeps the start does not bring the reminder back.
    await ok(c.club, 'PATCH', `/api/meetings/${meeting.meetingId}`, c.mod.token, { place: 'Library' });
    expect(reminderSentOn(c, meeting)).toBe('2026-10-19T17:00:00.000Z');

    // Moved past the change to winter time: still 19:00 in Bratislava, 18:00 UTC.
    await ok(c.club, 'PATCH', `/api/meetings/${meeting.meetingId}`, c.mod.token, { startsAt: '2026-11-03T19:00:00+01:00' });
    expect(reminderSentOn(c, meeting)).toBeNull();
    c.clock.set('2026-11-02T17:59:59Z');
    expect(await reminders(c)).toHaveLength(1);
    c.clock.set('2026-11-02T18:00:00Z');
    expect(await reminders(c)).toEqual([
      ['Ann', '[Test Club] Reminder: meeting on Tuesday, October 20, 2026'],
      ['Ann', '[Test Club] Reminder: meeting on Tuesday, November 3, 2026'],
    ]);
    const latest = (await settledOutbox(c.club.dataDir)).at(-1)!;
    expect(latest.text).toContain('When: Tuesday, November 3, 2026, 19:00 (Europe/Bratislava)\nWhere: Library');
    expect(attachedEvent(latest.attachments[0]!)).toMatchObject({ sequence: 3, start: '2026-11-03T18:00:00.000Z' });
  });

  it('a meeting announced less than a day ahead is recalled two hours before it, to those who answered since', async () => {
    const c = await startClub();
    c.clock.set('2026-10-20T08:00:00Z');
    // Tonight at 19:00 in Bratislava (17:00 UTC): the day-before moment is already behind.
    const meeting = await c.schedule({ startsAt: '2026-10-20T19:00:00+02:00' });
    c.clock.set('2026-10-20T08:00:01Z');
    expect(await reminders(c)).toEqual([]);
    await answer(c, meeting, c.ann, 'going');
    c.clock.set('2026-10-20T14:59:59Z');
    expect(await reminders(c)).toEqual([]);
    c.clock.set('2026-10-20T15:00:00Z');
    expect((await reminders(c)).map(([name]) => name)).toEqual(['Ann']);
  });
});
