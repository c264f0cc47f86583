import { z } from 'zod';
import { requiredString } from './schema-helpers';

/**
 * A moment in time as the API takes it: ISO 8601 with its offset (`2026-12-01T19:00:00+01:00` or `…Z`), so it
 * means the same wherever it was written; kept and answered in UTC. Whether it lies ahead is the server's to
 * say, against its own clock.
 */
export function instant(requiredKey: string) {
  return requiredString(requiredKey)
    .refine((value) => z.iso.datetime({ offset: true }).safeParse(value).success && !Number.isNaN(Date.parse(value)), {
      error: 'validation:dateTimeInvalid',
      abort: true,
    })
    .refine((value) => Date.parse(value) <= LAST_INSTANT, { error: 'validation:dateTimeTooLate' })
    .transform((value) => new Date(value).toISOString());
}

/**
 * The last moment the club keeps, in UTC: `9999-12-31T23:59:59-14:00` is year 10000 there, which ISO 8601
 * and iCalendar write with a fifth digit or not at all (it sorted before every other date, made invalid
 * calendars and mailed "January 1, 10000").
 */
const LAST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** When a poll closes itself. */
export const deadlineSchema = instant('validation:dateTimeInvalid');

/** A deadline must lie ahead (catalogue key, or null when it does). */
export function deadlineProblem(closesAt: string | null, now: Date): string | null {
  return closesAt !== null && Date.parse(closesAt) <= now.getTime() ? 'validation:deadlinePast' : null;
}
