import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Post } from '../../../shared/api/discussions';
import type { RoundUpdate } from '../../../shared/api/rounds';
import { waitForMail } from '../../test-support/mail';
import { ok } from '../../test-support/round-helpers';
import { ADMIN } from '../../test-support/test-server';
import {
  closeDeadlineClubs,
  closedPoll,
  HOUR,
  hoursFrom,
  listen,
  mails,
  MISSED,
  openPoll,
  pollOf,
  roundOf,
  settle,
  startClub,
  vote,
} from '../../test-support/deadline-club';

// At its deadline a poll closes itself, as a moderator closing it then would, and only once.

afterEach(closeDeadlineClubs);

describe('at the deadline the poll closes itself, as a moderator closing it then would', () => {
  it('one option on top: the book is chosen, the round names it, everyone hears the close', async () => {
    const given = await startClub();
    const { club, ann, ben, mod, clock } = given;
    const closesAt = hoursFrom(clock, 3);
    const { round, pollId, options } = await openPoll(given, closesAt);
    expect((await pollOf(given, pollId)).closesAt).toBe(closesAt.toISOString());
    const home = await ok(club, 'GET', '/api/home', ann.token);
    expect(home.currentPoll).toMatchObject({ pollId, closesAt: closesAt.toISOString() });
    await vote(given, ann.token, pollId, [options[0]]);
    await vote(given, ben.token, pollId, [options[0], options[1]]);
    const heard = await listen(club, ben.token);

    clock.advance(3 * HOUR - 1);
    await settle();
    expect((await pollOf(given, pollId)).isClosed).toBe(false);
    clock.advance(1);
    const poll = await closedPoll(given, pollId);
    expect(poll).toMatchObject({ isClosed: true, results: { winnerPostId: options[0] }, followupLink: { kind: 'Book' } });
    const books = await ok<{ bookId: number; post: Post }[]>(club, 'GET', '/api/books', mod);
    expect(books.map((book) => book.post.postId)).toEqual([options[0]]);
    expect((await roundOf(given, round.roundId)).bookId).toBe(books[0]!.bookId);
    await vi.waitFor(() => expect(heard.filter((p) => p.pollId === pollId && p.isClosed)).toHaveLength(1));
    // Closed, its counts are everyone's to see.
    expect(heard.find((p) => p.isClosed)!.results.votes.length).toBeGreaterThan(0);
  });

  it('a tie opens the tiebreaker, exactly as a moderator closing it would', async () => {
    const given = await startClub();
    const { club, ann, ben, mod, clock } = given;
    const { round, pollId, options } = await openPoll(given, hoursFrom(clock, 1));
    await vote(given, ann.token, pollId, [options[0]]);
    await vote(given, ben.token, pollId, [options[1]]);
    clock.advance(HOUR);
    const poll = await closedPoll(given, pollId);
    expect(poll).toMatchObject({ isClosed: true, results: { winnerPostId: null }, followupLink: { kind: 'Poll' } });
    const tiebreakerId = poll.followupLink!.entityId;
    expect((await roundOf(given, round.roundId)).bookTiebreakerPollId).toBe(tiebreakerId);
    const tiebreaker = await pollOf(given, tiebreakerId);
    expect(tiebreaker).toMatchObject({ isTiebreaker: true, previousPollId: pollId, isClosed: false, closesAt: null });
    expect(tiebreaker.options.map((option) => option.postId).sort()).toEqual([...options].sort());
    expect(await ok(club, 'GET', '/api/books', mod)).toEqual([]);
  });

  it("a theme poll opens the round's book discussion", async () => {
    const given = await startClub();
    const { club, ann, mod, clock } = given;
    const { round, pollId, options } = await openPoll(given, hoursFrom(clock, 1), 'Themes');
    await vote(given, ann.token, pollId, [options[1]]);
    clock.advance(2 * HOUR);
    const poll = await closedPoll(given, pollId);
    expect(poll.followupLink?.kind).toBe('Discussion');
    const after = await roundOf(given, round.roundId);
    expect(after.bookDiscussionId).toBe(poll.followupLink!.entityId);
    const discussion = await ok(club, 'GET', `/api/discussions/${after.bookDiscussionId}`, mod);
    expect(discussion).toMatchObject({ topic: 'Books', isClosed: false });
    expect(discussion.description).toContain('**Emma**');
  });

  it('without a vote the poll stays open with its deadline, and the moderators are told once, each in their language', async () => {
    const given = await startClub();
    const { club, mira, ann, clock } = given;
    const closesAt = hoursFrom(clock, 2);
    const { pollId, options } = await openPoll(given, closesAt);
    clock.advance(2 * HOUR);
    await vi.waitFor(() => expect(mails(given.dataDir, MISSED)).toHaveLength(2), { timeout: 5_000, interval: 20 });
    const told = mails(given.dataDir, MISSED);
    expect(told.map((mail) => mail.to).sort()).toEqual([ADMIN.email, mira.email].sort());
    expect(told.find((mail) => mail.to === ADMIN.email)!.subject).toMatch(/^\[Test Club\] No votes at the deadline: /);
    expect(told.find((mail) => mail.to === mira.email)!.subject).toMatch(/^\[Test Club\] Do termínu nikto nehlasoval: /);
    // The text as the outbox holds it (a sent mail's row keeps no body).
    expect((await waitForMail(given, mira.email)).text).toContain(`https://club.example.org/hlasovania/${pollId}`);
    expect(await pollOf(given, pollId)).toMatchObject({ isClosed: false, closesAt: closesAt.toISOString() });

    // It does not spin on it: no timer is left, however long time goes on, and nobody is told again.
    await settle();
    expect(clock.pendingTimers).toBe(0);
    clock.advance(72 * HOUR);
    await settle();
    expect(mails(given.dataDir, MISSED)).toHaveLength(2);
    // Once someone votes the moderators close it, or set a new deadline, which fires again.
    await vote(given, ann.token, pollId, [options[1]]);
    await ok(club, 'PATCH', `/api/polls/${pollId}`, given.mod, { closesAt: hoursFrom(clock, 1).toISOString() });
    clock.advance(HOUR);
    expect(await closedPoll(given, pollId)).toMatchObject({ results: { winnerPostId: options[1] } });
    expect(mails(given.dataDir, MISSED)).toHaveLength(2);
  });
});

describe('exactly once', () => {
  it('a moderator closing the poll as its deadline fires: one result, one book, one PollChanged close', async () => {
    const given = await startClub();
    const { club, ann, ben, mod, clock } = given;
    const heard = await listen(club, ben.token);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { pollId, options } = await openPoll(given, hoursFrom(clock, 1));
      const winner = options[i % 2]!;
      await vote(given, ann.token, pollId, [winner]);
      // The moderator's request and the deadline land at nearly the same moment, one way round or the other.
      const closing = club.call<RoundUpdate>('POST', `/api/rounds/close-poll/${pollId}`, { token: mod });
      await new Promise((resolve) => setTimeout(resolve, [0, 1, 3, 8][i]!));
      clock.advance(HOUR);
      const answer = await closing;
      statuses.push(answer.status);
      expect([200, 409]).toContain(answer.status);
      const poll = await closedPoll(given, pollId);
      expect(poll.results.winnerPostId).toBe(winner);
      await settle();
      expect(heard.filter((p) => p.pollId === pollId && p.isClosed)).toHaveLength(1);
    }
    expect(await ok<unknown[]>(club, 'GET', '/api/books', mod)).toHaveLength(4);
    // Whichever won, the other found it closed.
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
  });
});
