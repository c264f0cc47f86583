import { describe, expect, it } from 'vitest';
import type { Meeting, MeetingList } from '../../../shared/api/meetings';
import { answerOf, asSeenBy, nextMeeting, withMeeting } from './viewer-answer';

const meeting = (meetingId: number, startsAt: string, overrides: Partial<Meeting> = {}): Meeting =>
  ({
    meetingId,
    startsAt,
    endsAt: null,
    isCancelled: false,
    rsvp: { going: [], maybe: [], notGoing: [] },
    responders: [],
    myRsvp: null,
    sequence: 0,
    ...overrides,
  }) as unknown as Meeting;

const now = new Date('2026-12-01T12:00:00Z');

describe("the viewer's own answer in a pushed meeting", () => {
  const pushed = meeting(1, '2026-12-03T18:00:00Z', { rsvp: { going: ['bea'], maybe: ['cyril'], notGoing: [] }, myRsvp: null });

  it('is read from the lists by the viewer’s user id', () => {
    expect(answerOf(pushed, 'bea')).toBe('going');
    expect(asSeenBy(pushed, 'cyril').myRsvp).toBe('maybe');
  });

  it('is none for a member who has not answered, and for no one signed in', () => {
    expect(asSeenBy(pushed, 'dana').myRsvp).toBeNull();
    expect(answerOf(pushed, undefined)).toBeNull();
  });
});

describe('the list with a changed or new meeting', () => {
  const list: MeetingList = {
    upcoming: [meeting(1, '2026-12-03T18:00:00Z'), meeting(2, '2026-12-10T18:00:00Z')],
    past: [meeting(3, '2026-11-20T18:00:00Z')],
  };

  it('replaces the meeting where it was, soonest first after a new time', () => {
    const moved = withMeeting(list, meeting(1, '2026-12-12T18:00:00Z', { sequence: 1 }), now);
    expect(moved.upcoming.map((m) => [m.meetingId, m.sequence])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    expect(moved.past.map((m) => m.meetingId)).toEqual([3]);
  });

  it('adds a new meeting among the upcoming ones', () => {
    expect(withMeeting(list, meeting(4, '2026-12-05T18:00:00Z'), now).upcoming.map((m) => m.meetingId)).toEqual([1, 4, 2]);
  });

  it('keeps a past meeting with the past ones', () => {
    const answered = withMeeting(list, meeting(3, '2026-11-20T18:00:00Z', { isCancelled: true }), now);
    expect(answered.past).toHaveLength(1);
    expect(answered.past[0]?.isCancelled).toBe(true);
    expect(answered.upcoming).toHaveLength(2);
  });
});

describe('the next meeting home shows', () => {
  it('is the soonest upcoming one not cancelled', () => {
    expect(
      nextMeeting({ upcoming: [meeting(1, '2026-12-03T18:00:00Z', { isCancelled: true }), meeting(2, '2026-12-10T18:00:00Z')], past: [] })?.meetingId,
    ).toBe(2);
    expect(nextMeeting({ upcoming: [], past: [meeting(3, '2026-11-20T18:00:00Z')] })).toBeNull();
    expect(nextMeeting(undefined)).toBeNull();
  });
});
