import { describe, expect, it } from 'vitest';
import { momentLabel, optionDay, optionHours, optionWhen, zoneLabel } from './date-poll-time';

// 18:00 UTC on a winter Thursday: 19:00 in Bratislava, 13:00 in New York.
const winter = { startsAt: '2030-01-10T18:00:00.000Z', endsAt: '2030-01-10T20:00:00.000Z' };

describe("a poll's dates in the reader's zone", () => {
  it("show the day and hours there, with the zone's short name", () => {
    expect(optionDay(winter.startsAt, 'Europe/Bratislava', 'en-GB')).toBe('Thu 10 Jan');
    expect(optionHours(winter, 'Europe/Bratislava', 'en-GB')).toMatch(/^19:00\s*–\s*21:00 CET$/);
    expect(optionHours(winter, 'America/New_York', 'en-US')).toMatch(/^1:00\s*–\s*3:00\sPM EST$/);
    expect(optionHours({ ...winter, endsAt: null }, 'Europe/Bratislava', 'sk')).toMatch(/^19:00 SEČ$/);
  });

  it('cross into the next day where the zone is ahead', () => {
    expect(optionDay('2030-01-10T23:30:00.000Z', 'Europe/Bratislava', 'en-GB')).toBe('Fri 11 Jan');
    expect(optionWhen({ startsAt: '2030-01-10T23:30:00.000Z', endsAt: null }, 'Asia/Tokyo', 'en-GB')).toMatch(/^Fri 11 Jan, 08:30 GMT\+9$/);
  });

  it('name the zone by its place and its name on the day, summer time included', () => {
    expect(zoneLabel('Europe/Bratislava', new Date(winter.startsAt), 'en')).toBe('Europe/Bratislava, Central European Standard Time');
    expect(zoneLabel('Europe/Bratislava', new Date('2030-07-01T12:00:00Z'), 'en')).toBe('Europe/Bratislava, Central European Summer Time');
    expect(zoneLabel('America/New_York', new Date(winter.startsAt), 'sk')).toMatch(/^America\/New York, .+/);
    expect(zoneLabel('UTC', new Date(winter.startsAt), 'en')).toBe('UTC, Coordinated Universal Time');
  });

  it('write a deadline with its zone', () => {
    expect(momentLabel('2030-01-09T17:00:00.000Z', 'Europe/Bratislava', 'en-GB')).toMatch(/^9 Jan 2030, 18:00 CET$/);
  });
});
