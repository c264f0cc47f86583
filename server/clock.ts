/**
 * The club's sense of time. Deadlines, reminders and "a meeting must start in the future" read it, so a test
 * can move time on (test-support/manual-clock.ts) and watch a deadline fire, without waiting or faking
 * Node's timers.
 */
export interface Clock {
  now(): Date;
  /** Calls `wake` once `ms` have passed on this clock; answers a function that cancels it. */
  setTimer(ms: number, wake: () => void): () => void;
}

/** Node's timers wait at most this long (about 24.8 days); a longer wait is made of several. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => new Date(),
  setTimer(ms, wake) {
    let timer: NodeJS.Timeout;
    const wait = (left: number) => {
      timer = setTimeout(() => (left > LONGEST_TIMER_MS ? wait(left - LONGEST_TIMER_MS) : wake()), Math.min(Math.max(left, 0), LONGEST_TIMER_MS));
      // A pending deadline never keeps the process alive on its own.
      timer.unref();
    };
    wait(ms);
    return () => clearTimeout(timer);
  },
};
