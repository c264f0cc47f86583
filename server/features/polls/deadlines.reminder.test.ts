import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitForMail } from '../../test-support/mail';
import { ok } from '../../test-support/round-helpers';
import { ADMIN } from '../../test-support/test-server';
import { closeDeadlineClubs, HOUR, hoursFrom, mails, openPoll, REMINDER, settle, startClub, vote } from '../../test-support/deadline-club';

// The reminder before a poll's deadline, to the active members who have not voted.

afterEach(closeDeadlineClubs);

describe('the reminder', () => {
  it('goes once, the lead time before the deadline, to exactly the active members who have not voted, each in their language', async () => {
    const given = await startClub();
    const { ann, ben, mira, clock } = given;
    const closesAt = hoursFrom(clock, 48);
    const { pollId, options } = await openPoll(given, closesAt);
    await vote(given, ann.token, pollId, [options[0]]);

    clock.advance(24 * HOUR - 60_000);
    await settle();
    expect(mails(given.dataDir, REMINDER)).toEqual([]);
    clock.advance(60_000);
    await vi.waitFor(() => expect(mails(given.dataDir, REMINDER).length).toBeGreaterThan(0), { timeout: 5_000, interval: 20 });
    await settle();
    const reminded = mails(given.dataDir, REMINDER);
    // Not Ann (she voted), not the bot, not the member who takes no part, not the disabled one.
    expect(reminded.map((mail) => mail.to).sort()).toEqual([ADMIN.email, ben.email, mira.email].sort());
    expect(reminded.find((mail) => mail.to === ben.email)!.subject).toMatch(/^\[Test Club\] Ešte si nehlasoval\/a: /);
    const toBen = await waitForMail(given, ben.email);
    // The deadline in the club's time zone, in Ben's language.
    const local = new Intl.DateTimeFormat('sk', { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Bratislava' }).format(closesAt);
    expect(toBen.text).toContain(local);
    expect(toBen.text).toContain(`https://club.example.org/hlasovania/${pollId}`);
    expect(reminded.find((mail) => mail.to === ADMIN.email)!.subject).toMatch(/^\[Test Club\] Not voted yet: /);

    clock.advance(12 * HOUR);
    await settle();
    expect(mails(given.dataDir, REMINDER)).toHaveLength(3);
  });

  it('a deadline moved after its reminder went gets its own reminder before the new moment', async () => {
    const given = await startClub();
    const { club, mod, clock } = given;
    const { pollId } = await openPoll(given, hoursFrom(clock, 25));
    clock.advance(HOUR);
    await vi.waitFor(() => expect(mails(given.dataDir, REMINDER)).toHaveLength(4), { timeout: 5_000, interval: 20 });
    await ok(club, 'PATCH', `/api/polls/${pollId}`, mod, { closesAt: hoursFrom(clock, 72).toISOString() });
    clock.advance(47 * HOUR);
    await settle();
    expect(mails(given.dataDir, REMINDER)).toHaveLength(4);
    clock.advance(HOUR);
    await vi.waitFor(() => expect(mails(given.dataDir, REMINDER)).toHaveLength(8), { timeout: 5_000, interval: 20 });
  });
});
