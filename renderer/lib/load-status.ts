import { ApiError } from './api';

/** True when the server said there is no such thing (or that the id in the address is not one). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
