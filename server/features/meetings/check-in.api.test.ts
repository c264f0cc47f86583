import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attendance } from '../../../shared/api/meeting-night';
import type { Meeting } from '../../../shared/api/meetings';
import type { MemberStats } from '../../../shared/api/stats';
import { ok } from '../../test-support/round-helpers';
import { startMeetingsClub, type MeetingsClub } from './meetings-club';

/** DECISIONS.md "Ranked choice and check-in": who may check in whom, and when. */
let c: MeetingsClub;
/** Starts 2026-10-20 17:00 UTC; no end given, so it is over three hours later. */
let meeting: Meeting;
const path = () => `/api/meetings/${meeting.meetingId}/checkin`;

beforeAll(async () => {
  c = await startMeetingsClub();
  meeting = await c.schedule({ bookId: c.book.bookId });
}, 30_000);
afterAll(() => c.club.close());

const at = (iso: string) => c.clock.set(iso);
const call = (method: string, token: string | undefined, body?: unknown) => c.club.call<Meeting & { detail?: string }>(method, path(), { token, body });

describe('check-in at a meeting', () => {
  it('opens an hour before the start: earlier is a 409 that says when, and nothing is kept', async () => {
    at('2026-10-20T15:59:00.000Z');
    const early = await call('POST', c.ann.token);
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe('Check-in opens an hour before the meeting starts and closes when it ends.');
    expect((await ok<Meeting>(c.club, 'GET', `/api/meetings/${meeting.meetingId}`, c.ann.token)).checkedIn).toEqual([]);
  });

  it('lets a member check in, once however often they tap, and a moderator check in another member', async () => {
    at('2026-10-20T16:10:00.000Z');
    const first = await ok<Meeting>(c.club, 'POST', path(), c.ann.token);
    expect(first.checkedIn).toEqual([c.ann.userId]);
    expect(first.responders).toContainEqual({ userId: c.ann.userId, name: 'Ann' });
    const again = await ok<Meeting>(c.club, 'POST', path(), c.ann.token, {});
    expect(again).toMatchObject({ checkedIn: [c.ann.userId], version: first.version });
    at('2026-10-20T17:05:00.000Z');
    const byModerator = await ok<Meeting>(c.club, 'POST', path(), c.mod.token, { userId: c.ben.userId });
    expect(byModerator.checkedIn).toEqual([c.ann.userId, c.ben.userId]);
    expect(byModerator.responders).toContainEqual({ userId: c.ben.userId, name: 'Ben' });
  });

  it('refuses a member naming another (403), a bot (403), a visitor (401), and a moderator naming nobody or a bot (404)', async () => {
    expect((await call('POST', c.ben.token, { userId: c.mod.userId })).status).toBe(403);
    expect((await call('DELETE', c.ben.token, { userId: c.ann.userId })).status).toBe(403);
    expect((await call('POST', c.bot.token)).status).toBe(403);
    expect((await call('POST', undefined)).status).toBe(401);
    expect((await call('POST', c.mod.token, { userId: 'no-such-user' })).status).toBe(404);
    expect((await call('POST', c.mod.token, { userId: c.bot.userId })).status).toBe(404);
    for (const bad of [{ userId: 7 }, { userId: 'x'.repeat(37) }, { userId: ['a'] }]) expect((await call('POST', c.mod.token, bad)).status).toBe(400);
    expect((await ok<Meeting>(c.club, 'GET', `/api/meetings/${meeting.meetingId}`, c.ann.token)).checkedIn).toEqual([c.ann.userId, c.ben.userId]);
  });

  it('takes a check-in back by the same rules', async () => {
    const out = await ok<Meeting>(c.club, 'DELETE', path(), c.mod.token, { userId: c.ann.userId });
    expect(out.checkedIn).toEqual([c.ben.userId]);
    at('2026-10-20T17:30:00.000Z');
    expect((await ok<Meeting>(c.club, 'POST', path(), c.ann.token)).checkedIn).toEqual([c.ben.userId, c.ann.userId]);
  });

  it('closes when the meeting is over (a 409), and counts the meeting on the statistics page and the profile', async () => {
    at('2026-10-20T20:00:00.000Z');
    expect((await call('POST', c.mod.token)).status).toBe(409);
    expect((await call('DELETE', c.ann.token)).status).toBe(409);
    const stats = await ok<MemberStats[]>(c.club, 'GET', '/api/stats/users', c.ben.token);
    const attended = Object.fromEntries(stats.map((s) => [s.userName, s.meetingsAttendedCount]));
    expect(attended).toMatchObject({ Ann: 1, Ben: 1, 'Mona Moderator': 0 });
    const ann = await ok<Attendance>(c.club, 'GET', `/api/attendance/${c.ann.userId}`, c.ben.token);
    expect(ann).toEqual({
      userId: c.ann.userId,
      meetings: [{ meetingId: meeting.meetingId, startsAt: meeting.startsAt, bookId: c.book.bookId, bookTitle: 'Čítať v lete' }],
    });
    expect((await c.club.call('GET', '/api/attendance/nobody', { token: c.ben.token })).status).toBe(404);
  });

  it('is a 409 for a cancelled meeting, even within the window', async () => {
    const cancelled = await c.schedule({ startsAt: '2026-10-22T19:00:00+02:00' });
    await ok(c.club, 'POST', `/api/meetings/${cancelled.meetingId}/cancel`, c.mod.token);
    at('2026-10-22T17:30:00.000Z');
    const refused = await c.club.call<{ detail: string }>('POST', `/api/meetings/${cancelled.meetingId}/checkin`, { token: c.ann.token });
    expect(refused).toMatchObject({ status: 409, body: { detail: 'This meeting was cancelled.' } });
    expect((await c.club.call('POST', '/api/meetings/99999/checkin', { token: c.ann.token })).status).toBe(404);
  });
});
