import { describe, expect, it } from 'vitest';
import { formatBytes, formatMoment, formatUptime } from './host-format';

const MINUTE = 60_000;
const started = '2026-03-01T08:00:00.000Z';
const after = (ms: number) => Date.parse(started) + ms;

describe('sizes on the host page', () => {
  it('are written in the reader’s language, in steps of 1000', () => {
    expect(formatBytes(512, 'en')).toBe('512 bytes');
    expect(formatBytes(1, 'en')).toBe('1 byte');
    expect(formatBytes(512, 'sk')).toBe('512 bajtov');
    expect(formatBytes(1_500_000, 'en')).toBe('1.5 MB');
    expect(formatBytes(1_500_000, 'sk')).toBe('1,5 MB');
    expect(formatBytes(48_213, 'en')).toBe('48 kB');
    expect(formatBytes(3_200_000_000, 'sk')).toBe('3,2 GB');
  });

  it('step up to the next unit when they round to a thousand', () => {
    expect(formatBytes(999_960, 'en')).toBe('1 MB');
    expect(formatBytes(999_400, 'en')).toBe('999 kB');
  });

  it('are never negative', () => {
    expect(formatBytes(-5, 'en')).toBe('0 bytes');
  });
});

describe('the club’s uptime', () => {
  it('is nothing to write in its first minute', () => {
    expect(formatUptime(started, after(59_000), 'en')).toBeNull();
    expect(formatUptime(started, after(-MINUTE), 'en')).toBeNull();
  });

  it('is written in two units at most', () => {
    expect(formatUptime(started, after(12 * MINUTE + 30_000), 'en')).toBe('12 minutes');
    expect(formatUptime(started, after(5 * 60 * MINUTE + 20 * MINUTE), 'en')).toBe('5 hours 20 minutes');
    expect(formatUptime(started, after(3 * 24 * 60 * MINUTE + 4 * 60 * MINUTE + 7 * MINUTE), 'en')).toBe('3 days 4 hours');
    expect(formatUptime(started, after(2 * 60 * MINUTE), 'en')).toBe('2 hours');
  });

  it('is written in Slovak for a Slovak reader', () => {
    expect(formatUptime(started, after(3 * 24 * 60 * MINUTE + 60 * MINUTE), 'sk')).toBe('3 dni 1 hodina');
  });
});

describe('moments on the host page', () => {
  it('have a date and a time, and nothing for what is not a date', () => {
    expect(formatMoment(started, 'en')).toMatch(/2026/);
    expect(formatMoment(started, 'en')).toMatch(/\d:\d\d/);
    expect(formatMoment('not a date', 'en')).toBe('');
  });
});
