import type { ApiClient } from '../../lib/api';

/** How often the page asks whether the club is back after a restore. */
export const CLUB_POLL_MS = 1_000;
/** One question that gets no answer in this long counts as "not yet". */
const ANSWER_TIMEOUT_MS = 5_000;

export interface WaitForClubOptions {
  sleep?: (ms: number) => Promise<void>;
  /** Stops the waiting (the page was left); the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the club answers again after a restore: GET /api/home every second until it answers 200.
 * Meanwhile the server answers 503 (clubRestoring) or refuses the connection. Asked as a visitor, without
 * the member's token: a restore that did not keep sessions has made it worthless, and a 401 would end the
 * session here. Never from the browser's cache: only the club itself can say it is back.
 */
export async function waitForClub(client: Pick<ApiClient, 'home'>, { sleep = sleepFor, signal }: WaitForClubOptions = {}): Promise<void> {
  for (;;) {
    await sleep(CLUB_POLL_MS);
    signal?.throwIfAborted();
    try {
      await client.home.get({ asVisitor: true, cache: 'no-store', signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
      return;
    } catch {
      // Refused, reset, timed out or 503 while the club restarts: ask again.
    }
    signal?.throwIfAborted();
  }
}
