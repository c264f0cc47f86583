import { describe, expect, it } from 'vitest';
import { deadlineCheck, fromLocalInput, toLocalInput } from './deadline-input';
import { nextTick, timeLeft } from './time-left';

const now = Date.parse('2026-12-01T10:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the time left before a deadline', () => {
  it("is written in two units at most, in the reader's language", () => {
    expect(timeLeft(at(2 * 24 * HOUR + 3 * HOUR), now, 'en')).toEqual({ passed: false, text: '2 days 3 hours' });
    expect(timeLeft(at(2 * 24 * HOUR + 3 * HOUR), now, 'sk')).toEqual({ passed: false, text: '2 dni 3 hodiny' });
    expect(timeLeft(at(24 * HOUR), now, 'en')).toEqual({ passed: false, text: '1 day' });
    expect(timeLeft(at(5 * HOUR + 20 * MINUTE), now, 'en')).toEqual({ passed: false, text: '5 hours 20 minutes' });
    expect(timeLeft(at(12 * MINUTE), now, 'sk')).toEqual({ passed: false, text: '12 minút' });
  });

  it('counts the last minute until the moment itself, then says it passed', () => {
    expect(timeLeft(at(1_000), now, 'en')).toEqual({ passed: false, text: '1 minute' });
    expect(timeLeft(at(0), now, 'en')).toEqual({ passed: true });
    expect(timeLeft(at(-HOUR), now, 'en')).toEqual({ passed: true });
  });

  it('is written again each second near the end, when its minute changes before that', () => {
    expect(nextTick(at(90_000), now)).toBe(1_000);
    expect(nextTick(at(10 * MINUTE + 5_000), now)).toBe(5_050);
    expect(nextTick(at(-1), now)).toBe(30_000);
  });
});

describe('a deadline typed into the form', () => {
  it("is read in the browser's time zone and sent in UTC", () => {
    const iso = fromLocalInput('2099-12-01T19:00')!;
    expect(toLocalInput(iso)).toBe('2099-12-01T19:00');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('soon')).toBeNull();
  });

  it('must lie ahead; empty is no deadline where one is optional', () => {
    const check = deadlineCheck(false, () => now);
    expect(check({ closesAt: '' })).toEqual({ ok: true, sent: { closesAt: null } });
    expect(deadlineCheck(true, () => now)({ closesAt: '' })).toEqual({ ok: false, errors: { closesAt: 'validation:dateTimeInvalid' } });
    expect(check({ closesAt: toLocalInput(at(-MINUTE)) })).toEqual({ ok: false, errors: { closesAt: 'validation:deadlinePast' } });
    expect(check({ closesAt: toLocalInput(at(HOUR)) })).toEqual({ ok: true, sent: { closesAt: at(HOUR) } });
  });
});
