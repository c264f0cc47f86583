import { ImportError } from './import-error';

/**
 * Obskurnee's times as the instants they were. Obskurnee stored `DateTime.Now`: the wall-clock time of the
 * machine it ran on, as EF Core's text without a zone ("2021-10-31 02:30:00.1234567"; some rows have the
 * "T" form, a date alone, or a trailing zone, which is then honoured). In its Docker image that clock is
 * UTC; a club that ran it elsewhere names the zone it ran in, and each time is read as the wall clock there,
 * with that day's daylight-saving offset.
 *
 * - An hour that happened twice (clocks going back) is read as its second pass, in standard time, which is
 *   how .NET's TimeZoneInfo reads an ambiguous local time: 2021-10-31 02:30 in Europe/Bratislava is 01:30 UTC.
 * - An hour that never happened (clocks going forward; Obskurnee cannot have written one, but an edited
 *   row might hold it) is moved forward by the gap: 2021-03-28 02:30 there is read as 03:30 CEST.
 * - No date: text that is not a date, and any year before 1970, which is what .NET's DateTime.MinValue
 *   ("0001-01-01 00:00:00", given by Obskurnee's 2022 migration to every older row's ModifiedOn) and other
 *   placeholders look like. Obskurnee was written in 2020, so no real row is older.
 */
export interface SourceClock {
  /** The IANA zone Obskurnee's times are read in. */
  readonly zone: string;
  /** The instant as ISO 8601 (UTC), or null for what is no date. */
  instant(value: unknown): string | null;
}

const EARLIEST_YEAR = 1970;
const DATE_TEXT = /^\s*(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,7}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?\s*$/i;
const DAY = 86_400_000;

/** The clock for an IANA zone (default UTC); an unknown zone is an ImportError naming it. */
export function sourceClock(zone = 'UTC'): SourceClock {
  const format = zoneFormat(zone);
  const offsetAt = (instant: number): number => {
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(new Date(instant))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
    const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
    return wall - Math.floor(instant / 1000) * 1000;
  };
  return {
    zone,
    instant(value) {
      if (typeof value !== 'string') return null;
      const m = DATE_TEXT.exec(value);
      if (!m) return null;
      const [year, month, day, hour, minute, second] = m.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
      if (year < EARLIEST_YEAR || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
      const ms = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
      const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms);
      // 31 February and the like roll over in Date.UTC: not a date Obskurnee wrote.
      if (new Date(wall).getUTCDate() !== day) return null;
      if (m[8]) {
        const zoneText = m[8].toUpperCase();
        if (zoneText === 'Z') return new Date(wall).toISOString();
        const sign = zoneText.startsWith('-') ? -1 : 1;
        const digits = zoneText.slice(1).replace(':', '');
        return new Date(wall - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000).toISOString();
      }
      if (zone === 'UTC') return new Date(wall).toISOString();
      // The offsets in force a day either side; each gives an instant that is right if the zone agrees then.
      const before = offsetAt(wall - DAY);
      const after = offsetAt(wall + DAY);
      const fits = [...new Set([before, after])].map((offset) => wall - offset).filter((instant) => wall - offsetAt(instant) === instant);
      // Twice (ambiguous): the later instant, standard time. Never (a gap): the offset before the change.
      const instant = fits.length > 0 ? Math.max(...fits) : wall - before;
      return new Date(instant).toISOString();
    },
  };
}

function zoneFormat(zone: string): Intl.DateTimeFormat {
  try {
    if (zone.trim() === '') throw new RangeError('empty');
    return new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    throw new ImportError(`"${zone}" is not a time zone this computer knows. Name it as in the IANA list, e.g. Europe/Bratislava, America/New_York or UTC.`);
  }
}
