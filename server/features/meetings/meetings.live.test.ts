import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Meeting, MeetingState } from '../../../shared/api/meetings';
import { HUB_PATH } from '../../../shared/constants';
import { DELTA_EVENTS, HUB_EVENTS, type DeltaEventPayloads } from '../../../shared/events';
import { LiveClient } from '../../realtime/test-support/live-clients';
import { ok } from '../../test-support/round-helpers';
import { startMeetingsClub, type MeetingsClub } from './meetings-club';

let c: MeetingsClub;
let socket: Socket;
/** A client that asked for the small events at its handshake (as our renderer does). */
let small: LiveClient;
/** Every MeetingChanged the member's client has received, in order. */
const received: Meeting[] = [];

beforeAll(async () => {
  c = await startMeetingsClub();
  // As a foreign client connects: socket.io-client's default options (it starts with HTTP long-polling).
  socket = connect(c.club.url, { path: HUB_PATH, auth: { token: c.ben.token }, reconnection: false });
  socket.on(HUB_EVENTS.meetingChanged, (meeting: Meeting) => received.push(meeting));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  small = await LiveClient.connect(c.club.url, c.ben.token, { deltas: true });
}, 30_000);
afterAll(async () => {
  socket?.close();
  small?.close();
  await c.club.close();
});

/** The next MeetingChanged that `matches`, among those received or still to come (within 5 s). */
async function pushed(matches: (meeting: Meeting) => boolean): Promise<Meeting> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = received.find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching ${HUB_EVENTS.meetingChanged} within 5 s (received ${received.length})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('meetings pushed live', () => {
  it('a member’s client learns of a meeting as it is scheduled, answered by another member, changed and cancelled', async () => {
    const meeting = await c.schedule({ notes: 'Live' });
    expect(await pushed((m) => m.meetingId === meeting.meetingId)).toEqual({ ...meeting, myRsvp: null });

    const answered = await ok<Meeting>(c.club, 'POST', `/api/meetings/${meeting.meetingId}/rsvp`, c.ann.token, { answer: 'going' });
    expect(answered.myRsvp).toBe('going');
    const seen = await pushed((m) => m.meetingId === meeting.meetingId && m.rsvp.going.includes(c.ann.userId));
    // Nobody's own answer travels in a push: each client finds its own in rsvp.
    expect(seen).toMatchObject({ myRsvp: null, responders: [{ userId: c.ann.userId, name: 'Ann' }], sequence: 0 });

    await ok(c.club, 'PATCH', `/api/meetings/${meeting.meetingId}`, c.mod.token, { place: 'The park' });
    expect(await pushed((m) => m.meetingId === meeting.meetingId && m.sequence === 1)).toMatchObject({ place: 'The park' });
    await ok(c.club, 'POST', `/api/meetings/${meeting.meetingId}/cancel`, c.mod.token);
    expect(await pushed((m) => m.meetingId === meeting.meetingId && m.isCancelled)).toMatchObject({ sequence: 2 });
  });

  it('a refused change pushes nothing', async () => {
    const meeting = await c.schedule();
    await pushed((m) => m.meetingId === meeting.meetingId);
    const count = received.length;
    expect((await c.club.call('PATCH', `/api/meetings/${meeting.meetingId}`, { token: c.mod.token, body: { startsAt: '2001-01-01T00:00:00Z' } })).status).toBe(
      400,
    );
    // A later push proves the hub delivered everything sent before it.
    await ok(c.club, 'POST', `/api/meetings/${meeting.meetingId}/rsvp`, c.ben.token, { answer: 'maybe' });
    await pushed((m) => m.meetingId === meeting.meetingId && m.rsvp.maybe.includes(c.ben.userId));
    expect(received.length).toBe(count + 1);
  });
});

describe('meetings pushed as small events (to a client that asked for them)', () => {
  it('a meeting comes as its state without who answered what, an answer as the answer alone, each the next version', async () => {
    const meeting = await c.schedule({ notes: 'Small' });
    const scheduled = await small.next<MeetingState>(DELTA_EVENTS.meetingUpdated, (m) => m.meetingId === meeting.meetingId);
    const { rsvp: _rsvp, responders: _responders, myRsvp: _myRsvp, checkedIn: _checkedIn, ...state } = meeting;
    expect(scheduled.payload).toEqual({ ...state, version: 0 });

    await ok(c.club, 'POST', `/api/meetings/${meeting.meetingId}/rsvp`, c.ann.token, { answer: 'going' });
    const answered = await small.next<DeltaEventPayloads['MeetingAnswered']>(DELTA_EVENTS.meetingAnswered, (a) => a.meetingId === meeting.meetingId);
    expect(answered.payload).toEqual({ meetingId: meeting.meetingId, version: 1, userId: c.ann.userId, name: 'Ann', answer: 'going' });

    const changed = await ok<Meeting>(c.club, 'PATCH', `/api/meetings/${meeting.meetingId}`, c.mod.token, { place: 'The library' });
    const pushed = await small.next<MeetingState>(DELTA_EVENTS.meetingUpdated, (m) => m.meetingId === meeting.meetingId && m.version === 2);
    expect(pushed.payload).toMatchObject({ place: 'The library', sequence: 1 });
    expect(pushed.payload).not.toHaveProperty('rsvp');
    expect(changed.version).toBe(2);
    expect(small.events()).not.toContain(HUB_EVENTS.meetingChanged);
  });
});
