import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';

/**
 * Gives back the heap a burst grew, once the burst is over. V8 grows its old space to hold what a storm of
 * ballots keeps alive for a second or two, and keeps those pages after the storm: at 1,000 members the two
 * storms left the heap 9 MiB larger than before them (48 to 57 MiB committed, of which 38 in use), and the
 * live clients that followed then peaked the process at 153.5 MiB, above the 150 MiB goal (bench,
 * 2026-12-06). V8's own memory reducer waits for the process to go quiet for many seconds, which a club
 * whose members keep reading never does. So: when the committed heap has grown by `growthBytes` since the
 * last trim and the event loop has been mostly idle for the last tick, a full collection (with
 * --expose-gc, server/heap-flags.ts) compacts it and returns the empty pages; some 30 to 60 ms of the main
 * thread, while nothing waits for it. Without --expose-gc (tests, a bare `node dist/server/main.js`) it does
 * nothing.
 */
export interface HeapTrimOptions {
  /** How often the heap and the event loop are looked at. */
  tickMs: number;
  /** Growth of the committed heap since the last trim that is worth a collection. */
  growthBytes: number;
  /** The event loop's busy share over a tick below which the burst is over. */
  quietUtilization: number;
  /** The full collection; `globalThis.gc` when the process has it. */
  gc?: () => void;
  /** The committed heap now (tests). */
  heapBytes?: () => number;
  /** The event loop's busy share since the last call (tests). */
  utilization?: () => number;
}

export const HEAP_TRIM_DEFAULTS: HeapTrimOptions = { tickMs: 500, growthBytes: 6 * 2 ** 20, quietUtilization: 0.25 };

/** Starts looking after the heap; answers the function that stops it. */
export function startHeapTrim(options: Partial<HeapTrimOptions> = {}): () => void {
  const { tickMs, growthBytes, quietUtilization, ...given } = { ...HEAP_TRIM_DEFAULTS, ...options };
  const gc = given.gc ?? (globalThis as { gc?: () => void }).gc;
  if (!gc) return () => {};
  const heapBytes = given.heapBytes ?? (() => v8.getHeapStatistics().total_heap_size);
  const utilization = given.utilization ?? eventLoopUtilization();
  let base = heapBytes();
  const timer = setInterval(() => {
    const busy = utilization();
    const heap = heapBytes();
    // The heap shrank on its own: that is the new floor.
    if (heap < base) base = heap;
    if (heap - base < growthBytes || busy >= quietUtilization) return;
    gc();
    base = heapBytes();
  }, tickMs);
  // The club's work keeps the process alive, not this.
  timer.unref();
  return () => clearInterval(timer);
}

/** The event loop's busy share between one call and the next. */
function eventLoopUtilization(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return share;
  };
}
