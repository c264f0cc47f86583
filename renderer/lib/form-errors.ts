import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** A shared schema's failure as one translated message per field, for the form's inputs. */
export function fieldErrorsOf(error: z.ZodError, t: TFunction): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    errors[field] ??= t(issue.message.startsWith('validation:') ? issue.message : 'validation:invalid');
  }
  return errors;
}
