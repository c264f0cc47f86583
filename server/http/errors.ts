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
/** An answer that says when to come back: the error middleware sends `Retry-After`. */
export class RetryLater extends AppError {
  constructor(
    status: 429 | 503,
    key: string,
    readonly retryAfterSeconds: number,
    params: Record<string, string | number> = {},
  ) {
    super(status, key, params);
  }
}

/** 429: this client tried too often; `minutes` is in the detail, the seconds in Retry-After. */
export class TooManyRequests extends RetryLater {
  constructor(key: string, retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(429, key, seconds, { minutes: Math.max(1, Math.ceil(seconds / 60)) });
  }
}

/** 503: the server is busy with others' work (password hashing is bounded); nothing is wrong with the request. */
export class ServiceBusy extends RetryLater {
  constructor(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(503, 'busy', seconds, { seconds });
  }
}
