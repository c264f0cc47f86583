import { describe, expect, it } from 'vitest';
import { isMeetingOn, nextWindowChangeIn } from './meeting-on';

const HOUR = 3_600_000;
const now = new Date('2026-12-03T18:00:00Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
const meeting = (startsIn: number, endsIn: number | null = null, isCancelled = false) => ({
  startsAt: at(startsIn),
  endsAt: endsIn === null ? null : at(endsIn),
  isCancelled,
});

describe('the meeting is on', () => {
  it('from an hour before it starts', () => {
    expect(isMeetingOn(meeting(HOUR + 1000), now)).toBe(false);
    expect(isMeetingOn(meeting(HOUR), now)).toBe(true);
    expect(isMeetingOn(meeting(10 * 60_000), now)).toBe(true);
  });

  it('until it ends: its own end, or three hours after a start without one', () => {
    expect(isMeetingOn(meeting(-HOUR, 1000), now)).toBe(true);
    expect(isMeetingOn(meeting(-2 * HOUR, 0), now)).toBe(false);
    expect(isMeetingOn(meeting(-2.5 * HOUR), now)).toBe(true);
    expect(isMeetingOn(meeting(-3 * HOUR), now)).toBe(false);
  });

  it('never when it was cancelled', () => {
    expect(isMeetingOn(meeting(0, HOUR, true), now)).toBe(false);
  });

  it('turns on and off again at known times, for a page to look again then', () => {
    expect(nextWindowChangeIn(meeting(2 * HOUR), now)).toBe(HOUR);
    expect(nextWindowChangeIn(meeting(-HOUR, HOUR), now)).toBe(HOUR);
    expect(nextWindowChangeIn(meeting(-HOUR), now)).toBe(2 * HOUR);
    expect(nextWindowChangeIn(meeting(-4 * HOUR), now)).toBeNull();
    expect(nextWindowChangeIn(meeting(HOUR, null, true), now)).toBeNull();
  });
});
