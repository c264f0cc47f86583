import type { z } from 'zod';
import { Invalid } from './errors';

/** A schema's own message is a catalogue key ("validation:titleRequired", "scrape:notGoodreads"); zod's are sentences. */
const CATALOGUE_KEY = /^[a-z]+:[A-Za-z][\w.]*$/;

/**
 * Parses a request body (or query) with a shared schema. Failures become one 400 whose `errors` map each
 * field to catalogue keys; the error middleware translates them.
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    const key = CATALOGUE_KEY.test(issue.message) ? issue.message : issue.code === 'invalid_type' ? 'validation:wrongType' : 'validation:invalid';
    const keys = (fieldErrors[field] ??= []);
    if (!keys.includes(key)) keys.push(key);
  }
  const firstKey = Object.values(fieldErrors)[0]?.[0];
  // A single problem reads best as its own sentence; several get the general one.
  const detailKey = Object.keys(fieldErrors).length === 1 && firstKey ? firstKey : 'validationFailed';
  throw new Invalid(detailKey, {}, fieldErrors);
}
