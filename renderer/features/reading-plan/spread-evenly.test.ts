import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueDayOf, endOfDay } from './due-day';
import { spreadEvenly } from './spread-evenly';

describe('spreading a book evenly over the weeks to the next meeting', () => {
  it('splits 320 pages in four into parts ending at 80, 160, 240 and 320, one due each week', () => {
    const spread = spreadEvenly({ count: 4, pageCount: 320, startDay: '2026-12-07', endDay: '2027-01-04' });
    expect(spread).toEqual({
      parts: [
        { fromPage: 1, toPage: 80, dueDay: '2026-12-14' },
        { fromPage: 81, toPage: 160, dueDay: '2026-12-21' },
        { fromPage: 161, toPage: 240, dueDay: '2026-12-28' },
        { fromPage: 241, toPage: 320, dueDay: '2027-01-04' },
      ],
    });
  });

  it('ends the last part on the last page and the end day when pages and days do not divide', () => {
    const spread = spreadEvenly({ count: 3, pageCount: 100, startDay: '2026-02-26', endDay: '2026-03-06' });
    expect(spread).toEqual({
      parts: [
        { fromPage: 1, toPage: 33, dueDay: '2026-03-01' },
        { fromPage: 34, toPage: 67, dueDay: '2026-03-03' },
        { fromPage: 68, toPage: 100, dueDay: '2026-03-06' },
      ],
    });
  });

  it('counts calendar days across a clock change', () => {
    const spread = spreadEvenly({ count: 2, pageCount: 10, startDay: '2026-03-22', endDay: '2026-04-05' });
    expect('parts' in spread && spread.parts.map((part) => part.dueDay)).toEqual(['2026-03-29', '2026-04-05']);
  });

  it('refuses what cannot give each part its own pages and its own day', () => {
    expect(spreadEvenly({ count: 0, pageCount: 320, startDay: '2026-12-07', endDay: '2027-01-04' })).toEqual({ problem: 'count' });
    expect(spreadEvenly({ count: 31, pageCount: 320, startDay: '2026-12-07', endDay: '2027-01-04' })).toEqual({ problem: 'count' });
    expect(spreadEvenly({ count: 5, pageCount: 4, startDay: '2026-12-07', endDay: '2027-01-04' })).toEqual({ problem: 'tooFewPages' });
    expect(spreadEvenly({ count: 4, pageCount: 320, startDay: '2026-12-07', endDay: '2026-12-07' })).toEqual({ problem: 'days' });
    expect(spreadEvenly({ count: 4, pageCount: 320, startDay: '2026-12-07', endDay: '2026-02-30' })).toEqual({ problem: 'days' });
    expect(spreadEvenly({ count: 4, pageCount: 320, startDay: '2026-12-07', endDay: '2026-12-10' })).toEqual({ problem: 'tooFewDays' });
  });
});

describe('a due day', () => {
  const zoneBefore = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Europe/Bratislava';
  });
  afterAll(() => {
    if (zoneBefore === undefined) delete process.env.TZ;
    else process.env.TZ = zoneBefore;
  });

  it('is due at the end of that day in the moderator’s zone, and reads back as that day', () => {
    expect(endOfDay('2026-12-18')).toBe('2026-12-18T22:59:59.000Z');
    expect(endOfDay('2026-07-01')).toBe('2026-07-01T21:59:59.000Z');
    expect(dueDayOf('2026-12-18T22:59:59.000Z')).toBe('2026-12-18');
    expect(endOfDay('2026-02-30')).toBeNull();
    expect(endOfDay('')).toBeNull();
  });
});
