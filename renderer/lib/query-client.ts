import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

declare module '@tanstack/react-query' {
  interface Register {
    /**
     * Every query and mutation calls the server through the typed client: a refusal is an ApiError (with
     * the server's problem details), and the network failing is fetch's TypeError.
     */
    defaultError: ApiError | TypeError;
  }
}

/** Asking again after a server error or a dropped connection, but not more than this. */
const MAX_RETRIES = 2;

/** A 4xx is the server's answer (no such poll, not allowed, invalid): asking again gets the same one. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** Failed loads are logged (SPEC section 8); a page shows its own failure. A session that ended is said once elsewhere. */
function logFailure(error: unknown): void {
  if (error instanceof ApiError && error.sessionEnded) console.warn(error);
  else console.error(error);
}

/**
 * The one cache of server data. Pages read afresh on every visit (data is stale at once) and show what
 * they have meanwhile; a tab coming back into focus does not refetch everything (live updates and
 * visits keep data current); writes are never repeated by themselves.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: logFailure }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}

/** The app's cache; session changes and live updates outside React reach it here. */
export const queryClient = createQueryClient();
