import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHeapTrim } from './heap-trim';

const MiB = 2 ** 20;

describe('giving back the heap a burst grew', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A heap and an event loop the test sets, and a collection that brings the heap back to `afterGc`. */
  function process(afterGc: number) {
    const state = { heap: 50 * MiB, busy: 0, collections: 0 };
    const stop = startHeapTrim({
      tickMs: 500,
      growthBytes: 6 * MiB,
      quietUtilization: 0.25,
      heapBytes: () => state.heap,
      utilization: () => state.busy,
      gc: () => {
        state.collections++;
        state.heap = afterGc;
      },
    });
    return { state, stop };
  }

  it('collects once the burst is over, not while it lasts, and not for a little growth', () => {
    const { state, stop } = process(51 * MiB);
    state.heap = 55 * MiB;
    vi.advanceTimersByTime(2000);
    expect(state.collections).toBe(0);
    // A storm: the heap grows while the event loop is busy.
    state.busy = 0.95;
    state.heap = 60 * MiB;
    vi.advanceTimersByTime(2000);
    expect(state.collections).toBe(0);
    // Over: one collection, and none after while the heap stays where it brought it.
    state.busy = 0.05;
    vi.advanceTimersByTime(500);
    expect(state.collections).toBe(1);
    expect(state.heap).toBe(51 * MiB);
    vi.advanceTimersByTime(5000);
    expect(state.collections).toBe(1);
    stop();
  });

  it('counts growth from where the last collection left the heap, or lower where it shrank on its own', () => {
    const { state, stop } = process(52 * MiB);
    state.heap = 57 * MiB;
    vi.advanceTimersByTime(500);
    expect(state.collections).toBe(1);
    state.heap = 45 * MiB;
    vi.advanceTimersByTime(500);
    state.heap = 52 * MiB;
    vi.advanceTimersByTime(500);
    expect(state.collections).toBe(2);
    stop();
    state.heap = 90 * MiB;
    vi.advanceTimersByTime(5000);
    expect(state.collections).toBe(2);
  });

  it('does nothing where the process cannot collect at will', () => {
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
    expect(() => startHeapTrim()()).not.toThrow();
  });
});
