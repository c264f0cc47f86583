/**
 * Errors a route or service throws; the error middleware turns each into problem details.
 * `key` is a catalogue key ("errors:…" by default), translated into the request's language there.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params: Record<string, string | number> = {},
    /** Validation errors: field name to catalogue keys. */
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(key);
    this.name = new.target.name;
  }
}

export class Invalid extends AppError {
  constructor(key = 'validationFailed', params: Record<string, string | number> = {}, fieldErrors?: Record<string, string[]>) {
    super(400, key, params, fieldErrors);
  }
}
export class Unauthorized extends AppError {
  constructor(key = 'signInRequired') {
    super(401, key);
  }
}
export class Forbidden extends AppError {
  constructor(key = 'moderatorsOnly') {
    super(403, key);
  }
}
export class NotFound extends AppError {
  constructor(key = 'notFound', params: Record<string, string | number> = {}) {
    super(404, key, params);
  }
}
export class Conflict extends AppError {
  constructor(key: string, params: Record<string, string | number> = {}) {
    super(409, key, params);
  }
}
export class TooManyRequests extends AppError {
  constructor(key = 'tooManyAttempts', params: Record<string, string | number> = {}) {
    super(429, key, params);
  }
}
