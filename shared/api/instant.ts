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
    })
    .transform((value) => new Date(value).toISOString());
}

/** When a poll closes itself. */
export const deadlineSchema = instant('validation:dateTimeInvalid');

/** A deadline must lie ahead (catalogue key, or null when it does). */
export function deadlineProblem(closesAt: string | null, now: Date): string | null {
  return closesAt !== null && Date.parse(closesAt) <= now.getTime() ? 'validation:deadlinePast' : null;
}
