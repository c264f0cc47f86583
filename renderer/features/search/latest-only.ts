/** What a run came to: its answer, or nothing because a newer run (or a cancel) superseded it. */
export type Outcome<R> = { status: 'done'; value: R } | { status: 'superseded' };

export interface LatestOnly<A, R> {
  /**
   * Starts the task for `arg`, aborting the one still running. Resolves with the answer, or `superseded`
   * when a newer run or `cancel()` came before it finished; rejects only with the latest run's own error.
   */
  run(arg: A): Promise<Outcome<R>>;
  /** Aborts the running task; its answer, whenever it comes, is ignored. */
  cancel(): void;
  /** Whether a task is still running (at most one ever is, as far as the caller can tell). */
  readonly busy: boolean;
}

/**
 * One task in flight at a time, the newest winning (SPEC section 5: only one search runs at a time). A
 * newer run aborts the older one through its signal; a task that ignores the signal still cannot be
 * heard from, because its answer or error is dropped.
 */
export function latestOnly<A, R>(task: (arg: A, signal: AbortSignal) => Promise<R>): LatestOnly<A, R> {
  let current: AbortController | null = null;

  return {
    async run(arg) {
      current?.abort();
      const controller = new AbortController();
      current = controller;
      try {
        const value = await task(arg, controller.signal);
        return controller.signal.aborted ? { status: 'superseded' } : { status: 'done', value };
      } catch (error) {
        if (controller.signal.aborted) return { status: 'superseded' };
        throw error;
      } finally {
        if (current === controller) current = null;
      }
    },
    cancel() {
      current?.abort();
      current = null;
    },
    get busy() {
      return current !== null;
    },
  };
}
