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
