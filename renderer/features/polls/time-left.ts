import type { Language } from '../../../shared/constants';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * What a reader is told of a deadline at `now`: the time left (two units at most: "2 days 3 hours",
 * "5 hours 20 minutes", "12 minutes"), or that it has passed. Minutes are rounded up, so "1 minute" lasts
 * until the moment itself.
 */
export function timeLeft(closesAt: string, now: number, language: Language): { passed: true } | { passed: false; text: string } {
  const ms = Date.parse(closesAt) - now;
  if (!(ms > 0)) return { passed: true };
  const minutes = Math.ceil(ms / MINUTE);
  const days = Math.floor(minutes / (DAY / MINUTE));
  const hours = Math.floor((minutes % (DAY / MINUTE)) / 60);
  const rest = minutes % 60;
  const unit = (value: number, name: 'day' | 'hour' | 'minute') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const parts =
    days > 0
      ? [unit(days, 'day'), hours > 0 && unit(hours, 'hour')]
      : hours > 0
        ? [unit(hours, 'hour'), rest > 0 && unit(rest, 'minute')]
        : [unit(rest, 'minute')];
  return { passed: false, text: parts.filter(Boolean).join(' ') };
}

/** The deadline as the reader's language writes it, in the reader's own time zone ("Tuesday, 1 December 2026 at 19:00"). */
export function deadlineMoment(closesAt: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(closesAt));
}

/** How soon the time left should be written again: every few seconds near the end, else each minute. */
export function nextTick(closesAt: string, now: number): number {
  const ms = Date.parse(closesAt) - now;
  if (ms <= 0) return 30_000;
  return ms < 2 * MINUTE ? 1_000 : Math.min(MINUTE, Math.max(1_000, (ms % MINUTE) + 50));
}
