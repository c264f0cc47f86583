import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test-support/round-helpers';
import {
  closeDeadlineClubs,
  closedPoll,
  HOUR,
  hoursFrom,
  mails,
  openPoll,
  pollOf,
  REMINDER,
  serve,
  settle,
  startClub,
  stopLastClub,
  vote,
} from '../../test-support/deadline-club';

// Deadlines and reminders are kept in the database: what fell due while the server was down happens once.

afterEach(closeDeadlineClubs);

describe('after a restart', () => {
  it('a deadline that passed while the server was down fires late, once, and its reminder is not sent twice', async () => {
    const given = await startClub();
    const { ann, clock, dataDir } = given;
    const { pollId, options } = await openPoll(given, hoursFrom(clock, 48));
    await vote(given, ann.token, pollId, [options[1]]);
    clock.advance(25 * HOUR);
    await vi.waitFor(() => expect(mails(dataDir, REMINDER)).toHaveLength(3), { timeout: 5_000, interval: 20 });

    await stopLastClub();
    clock.advance(48 * HOUR);
    given.club = await serve(dataDir, clock);
    const poll = await closedPoll(given, pollId);
    expect(poll).toMatchObject({ results: { winnerPostId: options[1] }, followupLink: { kind: 'Book' } });
    await settle();
    expect(mails(dataDir, REMINDER)).toHaveLength(3);

    // And never twice: another restart finds nothing left to do.
    await stopLastClub();
    given.club = await serve(dataDir, clock);
    await settle();
    expect(await ok<unknown[]>(given.club, 'GET', '/api/books', given.mod)).toHaveLength(1);
    expect(mails(dataDir, REMINDER)).toHaveLength(3);
  });

  it('a reminder whose moment passed while the server was down goes late, once', async () => {
    const given = await startClub();
    const { clock, dataDir } = given;
    const { pollId } = await openPoll(given, hoursFrom(clock, 48));
    await stopLastClub();
    clock.advance(30 * HOUR);
    given.club = await serve(dataDir, clock);
    await vi.waitFor(() => expect(mails(dataDir, REMINDER)).toHaveLength(4), { timeout: 5_000, interval: 20 });
    await stopLastClub();
    given.club = await serve(dataDir, clock);
    await settle();
    expect(mails(dataDir, REMINDER)).toHaveLength(4);
    expect((await pollOf(given, pollId)).isClosed).toBe(false);
  });

  it('a reminder whose deadline also passed while the server was down is never sent: the poll just closes', async () => {
    const given = await startClub();
    const { ann, clock, dataDir } = given;
    const { pollId, options } = await openPoll(given, hoursFrom(clock, 48));
    await vote(given, ann.token, pollId, [options[0]]);
    await stopLastClub();
    clock.advance(50 * HOUR);
    given.club = await serve(dataDir, clock);
    await closedPoll(given, pollId);
    await settle();
    expect(mails(dataDir, REMINDER)).toEqual([]);
  });
});
