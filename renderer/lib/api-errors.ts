import { ApiError } from './api';

/**
 * The server's field errors (already translated) as one message per form field. `rename` maps an API
 * field to the input that shows it (a book suggestion's `text` is typed as comment and description).
 */
export function apiFieldErrors(error: unknown, rename: Record<string, string> = {}): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const message = messages[0];
    if (message) errors[rename[field] ?? field] ??= message;
  }
  return errors;
}
