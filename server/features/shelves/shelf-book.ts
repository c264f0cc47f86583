/** A book as a site's shelf shows it, read and cleaned, before the club keeps it. */
export interface ShelfBook {
  externalBookId: string;
  title: string;
  author: string | null;
  series: string | null;
  url: string | null;
  imageUrl: string | null;
  rating: number | null;
  pageCount: number | null;
  readOn: string | null;
  addedOn: string | null;
}

/** A feed or page the club cannot read as a shelf: it changes nothing, and the link says so. */
export class ShelfNotUnderstood extends Error {}

/** A shelf holds at most this many books as the club keeps it; a feed with more is read up to here. */
export const SHELF_BOOKS_MAX = 500;
const TEXT_MAX = 300;
const URL_MAX = 1000;

/** Text as the club keeps it: one line, no control characters, NFC, cut to `max` with an ellipsis; null when empty. */
export function cleanLine(value: string | null | undefined, max = TEXT_MAX): string | null {
  if (typeof value !== 'string') return null;
  const clean = value
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!clean) return null;
  return clean.length > max ? `${clean.slice(0, max - 1).trimEnd()}…` : clean;
}

/** An https (or http) address as a site wrote it, or null: nothing else is ever shown as a link or picture. */
export function cleanUrl(value: string | null | undefined, base?: string): string | null {
  const text = cleanLine(value, URL_MAX * 2);
  if (!text || !URL.canParse(text, base)) return null;
  const url = new URL(text, base);
  if (!/^https?:$/.test(url.protocol) || url.username || url.password) return null;
  return url.href.length <= URL_MAX ? url.href : null;
}

/** A whole number in [min, max] written as digits, else null. */
export function wholeNumber(value: string | null | undefined, min: number, max: number): number | null {
  const text = value?.trim() ?? '';
  if (!/^\d{1,9}$/.test(text)) return null;
  const number = Number(text);
  return number >= min && number <= max ? number : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** RFC 822's named zones (and the ones Goodreads has been seen to write), in hours from UTC. */
const ZONES: Record<string, number> = { UT: 0, UTC: 0, GMT: 0, Z: 0, EST: -5, EDT: -4, CST: -6, CDT: -5, MST: -7, MDT: -6, PST: -8, PDT: -7 };
const RFC_822 =
  /^(?:[A-Za-z]{3},?\s*)?(\d{1,2})\s+([A-Za-z]{3})[a-z]*\s+(\d{2}|\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*(?:([+-])(\d{2}):?(\d{2})|([A-Za-z]{1,5}))?$/;

/**
 * An RSS date (RFC 822: `Mon, 15 Sep 2025 18:12:35 -0700`, `Sun, 1 Jan 23 09:00 GMT`, a date without a time)
 * as ISO 8601 UTC; a zone it does not know, or anything else, is null rather than a guess.
 */
export function rfc822Date(value: string | null | undefined): string | null {
  const match = RFC_822.exec(value?.trim() ?? '');
  if (!match) return null;
  const [, day, monthName, yearText, hour = '0', minute = '0', second = '0', sign, zoneHours, zoneMinutes, zoneName] = match;
  const month = MONTHS.indexOf(monthName!.toLowerCase());
  let year = Number(yearText);
  if (yearText!.length === 2) year += year < 50 ? 2000 : 1900;
  let offsetMinutes = 0;
  if (sign) offsetMinutes = (sign === '-' ? -1 : 1) * (Number(zoneHours) * 60 + Number(zoneMinutes));
  else if (zoneName) {
    const hours = ZONES[zoneName.toUpperCase()];
    if (hours === undefined) return null;
    offsetMinutes = hours * 60;
  }
  const parts = [Number(day), Number(hour), Number(minute), Number(second)];
  if (month < 0 || parts[0]! < 1 || parts[0]! > 31 || parts[1]! > 23 || parts[2]! > 59 || parts[3]! > 60 || Math.abs(offsetMinutes) > 14 * 60) return null;
  const utc = Date.UTC(year, month, parts[0]!, parts[1]!, parts[2]!, Math.min(parts[3]!, 59)) - offsetMinutes * 60_000;
  const date = new Date(utc);
  // 31 February is not a date.
  if (Number.isNaN(utc) || date.getUTCFullYear() < 1900 || date.getUTCFullYear() > 9999) return null;
  if (new Date(Date.UTC(year, month, parts[0]!)).getUTCMonth() !== month) return null;
  return date.toISOString();
}
