/** Every error the API answers is one of these, served as application/problem+json. */
export interface ProblemDetails {
  status: number;
  title: string;
  detail: string;
  /** Present on validation errors: field name to its messages. */
  errors?: Record<string, string[]>;
}

export function isProblemDetails(value: unknown): value is ProblemDetails {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ProblemDetails).status === 'number' &&
    typeof (value as ProblemDetails).detail === 'string'
  );
}
