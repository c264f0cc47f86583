import { ApiError } from './api';

/** Where a page's data stands: not asked for yet, on its way, here, or refused (with why). */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** True when the server said there is no such thing (or that the id in the address is not one). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
