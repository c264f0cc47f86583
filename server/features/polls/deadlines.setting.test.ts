import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Poll, PollInfo } from '../../../shared/api/polls';
import type { Round, RoundUpdate } from '../../../shared/api/rounds';
import { bookSuggestion, ok } from '../../test-support/round-helpers';
import { closeDeadlineClubs, HOUR, hoursFrom, listen, mails, openPoll, pollOf, REMINDER, settle, startClub, vote } from '../../test-support/deadline-club';

// Setting a poll's deadline: when closing a discussion into the poll, or later with PATCH.

afterEach(closeDeadlineClubs);

describe('a deadline must lie ahead', () => {
  it('a past deadline is refused on closing a discussion and on PATCH, naming the field; nothing changes', async () => {
    const given = await startClub();
    const { club, mod, ann, clock } = given;
    const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Past' });
    await ok(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, ann.token, bookSuggestion('Dune'));
    for (const closesAt of [hoursFrom(clock, -1), clock.now()]) {
      const refused = await club.call('POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, {
        token: mod,
        body: { closesAt: closesAt.toISOString() },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ closesAt: ['The deadline must be in the future.'] });
    }
    const discussion = await ok(club, 'GET', `/api/discussions/${round.bookDiscussionId}`, mod);
    expect(discussion).toMatchObject({ isClosed: false, pollId: null });

    const { pollId } = await openPoll(given, hoursFrom(clock, 5));
    const before = await pollOf(given, pollId);
    const patched = await club.call('PATCH', `/api/polls/${pollId}`, {
      token: mod,
      body: { closesAt: hoursFrom(clock, -0.5).toISOString() },
      headers: { 'Accept-Language': 'sk' },
    });
    expect(patched.status).toBe(400);
    expect(patched.body.errors).toEqual({ closesAt: ['Termín musí byť v budúcnosti.'] });
    expect(await pollOf(given, pollId)).toEqual(before);
    // Past year 9999 in UTC is no date the club keeps.
    const tooLate = await club.call('PATCH', `/api/polls/${pollId}`, { token: mod, body: { closesAt: '9999-12-31T23:59:59-14:00' } });
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.errors).toEqual({ closesAt: ['Choose a date before the year 10000.'] });
    expect(await pollOf(given, pollId)).toEqual(before);
  });

  it("the past is the club clock's: an hour ahead of the host is refused once the club clock passed it", async () => {
    const given = await startClub();
    given.clock.advance(2 * HOUR);
    const { pollId } = await openPoll(given, null);
    const refused = await given.club.call('PATCH', `/api/polls/${pollId}`, { token: given.mod, body: { closesAt: new Date(Date.now() + HOUR).toISOString() } });
    expect(refused.status).toBe(400);
  });
});

describe('PATCH /api/polls/{id}', () => {
  it('sets, moves and clears the deadline; everyone hears PollChanged as a member who has not voted sees the poll', async () => {
    const given = await startClub();
    const { club, mod, ann, ben, clock } = given;
    const { pollId, options } = await openPoll(given, null);
    await vote(given, ann.token, pollId, [options[0]]);
    const heard = await listen(club, ben.token);

    const closesAt = hoursFrom(clock, 30);
    // Written with an offset, kept and answered in UTC.
    const local = new Date(closesAt.getTime() + 2 * HOUR).toISOString().replace('Z', '+02:00');
    const set = await ok<Poll>(club, 'PATCH', `/api/polls/${pollId}`, mod, { closesAt: local });
    expect(set.closesAt).toBe(closesAt.toISOString());
    expect(set.isClosed).toBe(false);
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(heard[0]).toMatchObject({ pollId, closesAt: closesAt.toISOString(), isClosed: false });
    // As one who has not voted sees it: the counts stay hidden.
    expect(heard[0]!.results.votes).toEqual([]);

    const cleared = await ok<Poll>(club, 'PATCH', `/api/polls/${pollId}`, mod, { closesAt: null });
    expect(cleared.closesAt).toBeNull();
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    expect(heard[1]).toMatchObject({ pollId, closesAt: null });
    expect((await ok<PollInfo>(club, 'GET', `/api/polls/${pollId}`, ben.token)).poll.closesAt).toBeNull();
  });

  it('a cleared deadline never fires: the poll stays open and no timer is left', async () => {
    const given = await startClub();
    const { club, mod, ann, clock } = given;
    const { pollId, options } = await openPoll(given, hoursFrom(clock, 30));
    await vote(given, ann.token, pollId, [options[0]]);
    await ok(club, 'PATCH', `/api/polls/${pollId}`, mod, { closesAt: null });
    clock.advance(48 * HOUR);
    await settle();
    expect(await pollOf(given, pollId)).toMatchObject({ isClosed: false, closesAt: null });
    expect(mails(given.dataDir, REMINDER)).toEqual([]);
    expect(clock.pendingTimers).toBe(0);
  });

  it('a closed poll is 409, a missing one 404; bad input is a clear 400 and changes nothing', async () => {
    const given = await startClub();
    const { club, mod, ann, clock } = given;
    const { pollId, options } = await openPoll(given, hoursFrom(clock, 30));
    const before = await pollOf(given, pollId);
    const bad: [string, unknown][] = [
      ['a number', { closesAt: 1767222000000 }],
      ['no offset', { closesAt: '2099-12-01T19:00:00' }],
      ['a date alone', { closesAt: '2099-12-01' }],
      ['nonsense', { closesAt: 'tomorrow evening' }],
      ['an impossible date', { closesAt: '2099-02-31T19:00:00Z' }],
      ['a huge string', { closesAt: `2099-12-01T19:00:00Z${'9'.repeat(200_000)}` }],
      ['an object', { closesAt: { at: '2099-12-01T19:00:00Z' } }],
      ['nothing', {}],
      ['an array', [hoursFrom(clock, 40).toISOString()]],
    ];
    for (const [label, body] of bad) {
      const res = await club.call('PATCH', `/api/polls/${pollId}`, { token: mod, body });
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      expect(res.headers.get('content-type'), label).toContain('application/problem+json');
      expect(typeof res.body.detail, label).toBe('string');
    }
    const notJson = await club.call('PATCH', `/api/polls/${pollId}`, { token: mod, rawBody: 'closesAt=2099-12-01T19:00:00Z', contentType: 'text/plain' });
    expect(notJson.status).toBe(415);
    // Fields it does not take are ignored, as everywhere in the API: the poll stays open and its own.
    const extra = await ok<Poll>(club, 'PATCH', `/api/polls/${pollId}`, mod, {
      closesAt: before.closesAt,
      isClosed: true,
      title: 'Renamed',
      winnerPostId: options[1],
    });
    expect(extra).toMatchObject({ isClosed: false, title: before.title, closesAt: before.closesAt });
    expect(await pollOf(given, pollId)).toEqual(before);

    expect((await club.call('PATCH', '/api/polls/99999', { token: mod, body: { closesAt: hoursFrom(clock, 5).toISOString() } })).status).toBe(404);
    await vote(given, ann.token, pollId, [options[0]]);
    await ok(club, 'POST', `/api/rounds/close-poll/${pollId}`, mod);
    const closed = await club.call('PATCH', `/api/polls/${pollId}`, { token: mod, body: { closesAt: hoursFrom(clock, 5).toISOString() } });
    expect(closed.status).toBe(409);
    expect(closed.body.detail).toBe('This vote is already closed.');
  });

  it('close-discussion refuses a bad deadline the same way, and leaves the discussion open', async () => {
    const given = await startClub();
    const { club, mod, ann } = given;
    const round = await ok<Round>(club, 'POST', '/api/rounds', mod, { topic: 'Books', title: 'Bad' });
    await ok(club, 'POST', `/api/discussions/${round.bookDiscussionId}`, ann.token, bookSuggestion('Dune'));
    for (const closesAt of [17, 'next week', '2099-12-01T19:00:00', `2099-${'1'.repeat(50_000)}`, ['2099-12-01T19:00:00Z']]) {
      const res = await club.call('POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, { token: mod, body: { closesAt } });
      expect(res.status, String(closesAt).slice(0, 40)).toBe(400);
      expect(res.body.errors.closesAt, String(closesAt).slice(0, 40)).toHaveLength(1);
    }
    expect(await ok(club, 'GET', `/api/discussions/${round.bookDiscussionId}`, mod)).toMatchObject({ isClosed: false, pollId: null });
    // No body, or a null deadline: a poll without one.
    const closed = await ok<RoundUpdate>(club, 'POST', `/api/rounds/close-discussion/${round.bookDiscussionId}`, mod, { closesAt: null });
    expect((await pollOf(given, closed.discussion!.pollId!)).closesAt).toBeNull();
  });
});
