import { z } from 'zod';

/**
 * A string field whose absence says `requiredKey` and whose wrong type says so plainly,
 * so a bot sending a number learns what it did wrong rather than "required".
 */
export function requiredString(requiredKey: string) {
  return z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? requiredKey : 'validation:wrongType'),
  });
}

/**
 * A name where Obskurnee made it optional (first-admin setup, registeruser): absent, null or blank is no
 * name, and the server then names the account after its email's local part.
 */
export const optionalNameSchema = z
  .string({ error: 'validation:wrongType' })
  .trim()
  .max(200, { error: 'validation:tooLong' })
  .nullish()
  .transform((name) => name || null);

/** A whole number written as JSON digits, or as a string of them, as Obskurnee's client sends ids from page addresses. */
const NUMERIC_TEXT = /^\s*-?\d{1,15}\s*$/;

/**
 * A number in a JSON body, also when it comes as a numeric string (`"parentPostId": "2"`), as Obskurnee's
 * server read them; `number` then checks it (int, range) with its own messages. Any other string, and any
 * other type, is `invalidKey`.
 */
export function jsonNumber<T extends z.ZodType<number, number>>(number: T, invalidKey = 'validation:wrongType') {
  return z
    .union([z.number({ error: invalidKey }), z.string({ error: invalidKey }).regex(NUMERIC_TEXT, { error: invalidKey })], { error: invalidKey })
    .transform(Number)
    .pipe(number);
}

/** The same for an optional number: absent, null and an empty string (a cleared field) are null. */
export function optionalJsonNumber<T extends z.ZodType<number, number>>(number: T, invalidKey = 'validation:wrongType') {
  return z
    .union([z.number({ error: invalidKey }), z.string({ error: invalidKey }).regex(NUMERIC_TEXT, { error: invalidKey }), z.literal('')], { error: invalidKey })
    .nullish()
    .transform((value) => (value === '' || value === null || value === undefined ? null : Number(value)))
    .pipe(number.nullable());
}
