import type { Clock } from '../clock';

interface Timer {
  dueAt: number;
  /** Order of setting, so timers due at the same instant wake in the order they were set. */
  order: number;
  wake: () => void;
}

/**
 * A club clock that moves only when a test moves it: `advance` (or `set`) wakes every timer that fell due,
 * in order of their due time, each seeing `now()` at its own due time. Deadlines and "a meeting is past"
 * are then tested without waiting and without faking Node's timers.
 */
export class ManualClock implements Clock {
  private current: number;
  private timers: Timer[] = [];
  private setCount = 0;

  constructor(start: Date | string = new Date()) {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  setTimer(ms: number, wake: () => void): () => void {
    const timer: Timer = { dueAt: this.current + Math.max(ms, 0), order: this.setCount++, wake };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((other) => other !== timer);
    };
  }

  /** Moves time on by `ms`, waking the timers due meanwhile (also those a waking timer sets). */
  advance(ms: number): void {
    this.set(new Date(this.current + ms));
  }

  /** Moves time to `date` (never backwards), waking the timers due by then. */
  set(date: Date | string): void {
    const target = new Date(date).getTime();
    if (target < this.current) throw new Error('a ManualClock does not go backwards');
    for (;;) {
      const due = this.timers.filter((timer) => timer.dueAt <= target).sort((a, b) => a.dueAt - b.dueAt || a.order - b.order)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.current = Math.max(this.current, due.dueAt);
      due.wake();
    }
    this.current = target;
  }

  /** How many timers are waiting (a test can check that a cancelled deadline left none behind). */
  get pendingTimers(): number {
    return this.timers.length;
  }
}
