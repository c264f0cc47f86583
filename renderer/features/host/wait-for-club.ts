/** How often the page asks whether the club is back after a restore. */
export const CLUB_POLL_MS = 1_000;
/** One question that gets no answer in this long counts as "not yet". */
const ANSWER_TIMEOUT_MS = 5_000;

export interface WaitForClubOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Stops the waiting (the page was left); the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the club answers again after a restore: GET /api/home every second until it answers 200.
 * Meanwhile the server answers 503 (clubRestoring) or refuses the connection. Asked without the member's
 * token: a restore that did not keep sessions has made it worthless, and a 401 would end the session here.
 */
export async function waitForClub({ fetch: doFetch = (input, init) => fetch(input, init), sleep = sleepFor, signal }: WaitForClubOptions = {}): Promise<void> {
  for (;;) {
    await sleep(CLUB_POLL_MS);
    signal?.throwIfAborted();
    try {
      const response = await doFetch('/api/home', { headers: { Accept: 'application/json' }, cache: 'no-store', signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
      if (response.ok) return;
    } catch {
      // Refused, reset or timed out while the club restarts: ask again.
    }
    signal?.throwIfAborted();
  }
}
