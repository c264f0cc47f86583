import { AppError } from '../../http/errors';

/** Goodreads failed us (unreachable, too slow, too large, an error, a redirect away): not the caller's fault. */
export class BadGateway extends AppError {
  constructor(key: string, params: Record<string, string | number> = {}, cause?: unknown) {
    super(502, key, params);
    // The error middleware logs 5xx errors; the cause says what the network actually did.
    if (cause !== undefined) this.cause = cause;
  }
}

/** Goodreads answered a page, but it carries no book we can read: retrying will not help. */
export class Unprocessable extends AppError {
  constructor(key: string, params: Record<string, string | number> = {}) {
    super(422, key, params);
  }
}
