import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantOf, localDateOf, localTimeOf } from './local-time';

// The reader is in Bratislava: CET (+01:00) in winter, CEST (+02:00) from the last Sunday of March.
const zoneBefore = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Bratislava';
});
afterAll(() => {
  // Assigning undefined would leave TZ="undefined", a zone no one knows, to the test files after this one.
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

describe('a day and time typed in the reader’s zone', () => {
  it('is sent as an instant with the offset of that day', () => {
    expect(instantOf('2026-03-28', '19:00')).toBe('2026-03-28T19:00:00+01:00');
    expect(instantOf('2026-03-29', '19:00')).toBe('2026-03-29T19:00:00+02:00');
    expect(Date.parse(instantOf('2026-03-29', '19:00')!) - Date.parse(instantOf('2026-03-28', '19:00')!)).toBe(23 * 3600_000);
  });

  it('names the moment after the gap when the clocks skip the hour it names', () => {
    expect(instantOf('2026-03-29', '02:30')).toBe('2026-03-29T03:30:00+02:00');
  });

  it('keeps the hour when summer time ends', () => {
    expect(instantOf('2026-10-25', '19:00')).toBe('2026-10-25T19:00:00+01:00');
  });

  it('is nothing when the day or time is missing or not real', () => {
    expect(instantOf('', '19:00')).toBeNull();
    expect(instantOf('2026-03-29', '')).toBeNull();
    expect(instantOf('2026-02-31', '19:00')).toBeNull();
    expect(instantOf('2026-03-29', '24:30')).toBeNull();
  });

  it('reads back as the same day and time', () => {
    const starts = new Date('2026-03-29T17:00:00Z');
    expect([localDateOf(starts), localTimeOf(starts)]).toEqual(['2026-03-29', '19:00']);
    expect(instantOf(localDateOf(starts), localTimeOf(starts))).toBe('2026-03-29T19:00:00+02:00');
  });
});
