import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadingPart } from '../../../shared/api/reading-plan';
import type { TestMember } from '../../test-support/members';
import { startReadingPlanClub, type ReadingPlanClub } from '../../test-support/reading-plan-club';
import { ok } from '../../test-support/round-helpers';
import { settledOutbox } from '../meetings/meeting-mailbox';
import { PUBLIC_URL } from '../meetings/meetings-club';

// A part's due day is announced the day before (09:00 in the club's time zone, Bratislava here): a reminder
// mail to the main list's subscribers who have not reached the part, once; nothing of its comments.

let c: ReadingPlanClub;
let parts: ReadingPart[];
let seen = 0;

beforeAll(async () => {
  c = await startReadingPlanClub();
  // Ann (English, main list) is past the first part; Ben (Slovak, allevents) is not; Cleo takes no list.
  await ok(c.club, 'POST', '/api/users/language', c.ben.token, { language: 'sk' });
  const subscribe = (member: TestMember, list: string) => ok(c.club, 'POST', `/api/newsletters/${list}/subscribe`, member.token);
  await subscribe(c.ann, 'basicevents');
  await subscribe(c.ben, 'allevents');
  await ok(c.club, 'POST', '/api/newsletters/basicevents/unsubscribe', c.admin);
  parts = await c.plan();
  await c.progress(c.ann.token, { page: 100 });
  await c.progress(c.ben.token, { page: 10 });
  await c.comment(parts[0]!.partId, c.ann.token, 'Zygmunt did it.');
  seen = (await settledOutbox(c.club.dataDir)).length;
}, 30_000);
afterAll(async () => {
  await c.club.close();
});

/** The mails sent since the last call: recipient and subject. */
async function newMail() {
  const all = await settledOutbox(c.club.dataDir);
  const fresh = all.slice(seen);
  seen = all.length;
  return fresh;
}

describe("a part's due day", () => {
  it('the day before, at 09:00 in the club’s time zone, mails the main list’s subscribers who have not reached it, once', async () => {
    // The first part is due on Friday 9 October: the reminder goes on Thursday the 8th at 09:00 (07:00 UTC).
    c.clock.set('2026-10-08T06:59:59Z');
    expect(await newMail()).toEqual([]);
    c.clock.set('2026-10-08T07:00:00Z');
    const mail = await newMail();
    expect(mail.map((one) => [one.to, one.subject])).toEqual([[c.ben.email, '[Test Club] Termín piatok 9. októbra: Chapters 1–9']]);
    expect(mail[0]!.text).toContain('Klub má v pláne mať „Chapters 1–9“ z knihy Čítať v lete (po stranu 80) prečítané. Termín: piatok 9. októbra.');
    expect(mail[0]!.text).toContain(`${PUBLIC_URL}/knihy/${c.book.bookId}`);
    expect(mail[0]!.text).not.toContain('Zygmunt');
    c.clock.advance(60 * 60 * 1000);
    expect(await newMail()).toEqual([]);
  });

  it('a new due day is a new reminder; a member who has reached the part meanwhile is not reminded', async () => {
    const moved = parts.map(({ partId, title, toPage, dueOn }, index) => ({ partId, title, toPage, dueOn: index === 0 ? '2026-10-10T23:59:59+02:00' : dueOn }));
    await c.plan(moved);
    await ok(c.club, 'POST', '/api/users/language', c.ben.token, { language: 'en' });
    await c.progress(c.cleo.token, { page: 5 });
    await ok(c.club, 'POST', '/api/newsletters/basicevents/subscribe', c.cleo.token);
    c.clock.set('2026-10-09T07:00:00Z');
    const mail = await newMail();
    expect(mail.map((one) => [one.to, one.subject]).sort()).toEqual(
      [
        [c.ben.email, '[Test Club] Due Saturday, October 10: Chapters 1–9'],
        [c.cleo.email, '[Test Club] Due Saturday, October 10: Chapters 1–9'],
      ].sort(),
    );
    // The second part (to page 160, due Friday 16th) waits for Thursday the 15th; Ben reads ahead meanwhile.
    await c.progress(c.ben.token, { page: 170 });
    c.clock.set('2026-10-15T06:59:00Z');
    expect(await newMail()).toEqual([]);
    c.clock.set('2026-10-15T07:00:00Z');
    expect((await newMail()).map((one) => one.to).sort()).toEqual([c.ann.email, c.cleo.email].sort());
  });
});
