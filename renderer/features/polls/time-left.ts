import type { Language } from '../../../shared/constants';
import { durationInWords } from '../../lib/duration-words';

const MINUTE = 60_000;

/**
 * What a reader is told of a deadline at `now`: the time left (two units at most: "2 days 3 hours",
 * "5 hours 20 minutes", "12 minutes"), or that it has passed. Minutes are rounded up, so "1 minute" lasts
 * until the moment itself.
 */
export function timeLeft(closesAt: string, now: number, language: Language): { passed: true } | { passed: false; text: string } {
  const ms = Date.parse(closesAt) - now;
  if (!(ms > 0)) return { passed: true };
  const minutes = Math.ceil(ms / MINUTE);
  return { passed: false, text: durationInWords(minutes, language) };
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
