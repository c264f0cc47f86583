import type { Language } from '../../../shared/constants';
import { durationInWords } from '../../lib/duration-words';

const MINUTE = 60_000;

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A size as the reader's language writes it, in steps of 1000 as disks and Vite count them: "512 bytes",
 * "1.5 MB" / "1,5 MB". One decimal below 10 of a unit, none above; a size that rounds up to 1000 of a unit
 * is written in the next one ("1 MB", not "1,000 kB").
 */
export function formatBytes(bytes: number, language: Language): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  if (unit > 0 && unit < SIZE_UNITS.length - 1 && Number(value.toFixed(digits)) >= 1000) {
    value /= 1000;
    unit += 1;
  }
  const fractionDigits = unit === 0 || value >= 10 ? 0 : 1;
  // Bytes in words ("512 bytes", "512 bajtov"): English's short form has no plural ("512 byte").
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: SIZE_UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/**
 * How long the club has been running at `now`, in two units at most ("3 days 4 hours", "5 hours 20 minutes",
 * "12 minutes"), counted in whole minutes; null in its first minute.
 */
export function formatUptime(startedAt: string, now: number, language: Language): string | null {
  const minutes = Math.floor((now - Date.parse(startedAt)) / MINUTE);
  if (!(minutes >= 1)) return null;
  return durationInWords(minutes, language);
}

/** A moment as the reader's language writes it, date and time ("Nov 24, 2026, 12:20 PM" / "24. 11. 2026, 12:20"). */
export function formatMoment(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
