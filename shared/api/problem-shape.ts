import type { ProblemDetails } from './problem';

/**
 * An answer in the server's problem details, told by its shape. Kept apart from problem.ts and free of
 * zod, so the renderer can use it without bringing the schema library into every page's first download.
 */
export function isProblemDetails(value: unknown): value is ProblemDetails {
  return (
    typeof value === 'object' && value !== null && typeof (value as ProblemDetails).status === 'number' && typeof (value as ProblemDetails).detail === 'string'
  );
}
