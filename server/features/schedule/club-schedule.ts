import type { Clock } from '../../clock';

/**
 * Work the club does at a moment rather than on a request: a poll closing at its deadline, a reminder
 * before it (meeting reminders may follow). The moments live in the database rows themselves (a poll's
 * closesAt, and the column that says its reminder went), never in a job table, so nothing can fall out of
 * step with them; a restart reads them again and does late what fell due meanwhile.
 */
export interface ScheduledTask {
  /** Named in the log when its work fails. */
  readonly name: string;
  /** The earliest moment it has work, read from the database now; a past moment is overdue work; null: none. */
  nextDue(now: Date): Date | null;
  /**
   * Does the work due by `now`, each piece in a write transaction that first checks it is still to do and
   * marks it done, so it happens once however many callers race (a moderator's request, a restart).
   */
  runDue(now: Date): Promise<void>;
  /**
   * For a task whose pass only starts slow work (a request to another site) so that the next pass need not
   * wait for it: answers once that work is over. The schedule's stop waits for it.
   */
  settled?(): Promise<void>;
}

/** After work failed (or did not mark itself done), it is tried again after this, not at once and forever. */
export const RETRY_AFTER_FAILURE_MS = 60_000;

/**
 * The club's one timer: it waits on the club's Clock for the earliest moment any task has work, runs what
 * is due, and looks again. Passes run one after another, never two at once. A write that may bring a
 * moment forward (a deadline set or moved) calls `reschedule`; one that makes work go away need not: the
 * timer then wakes, finds nothing due and waits for the next.
 */
export class ClubSchedule {
  private readonly tasks: ScheduledTask[] = [];
  private started = false;
  private cancelTimer: (() => void) | null = null;
  /** Every pass runs on this chain, after the one before. */
  private chain: Promise<void> = Promise.resolve();
  private passWaiting = false;

  constructor(
    private readonly clock: Clock,
    private readonly log: (message: string, error?: unknown) => void = console.error,
    /**
     * Called before and after a task writes: its writes do not come through the API, so the answers the
     * app keeps until the next write (http/answer-cache.ts) must be forgotten here.
     */
    private readonly dataChanged: () => void = () => {},
  ) {}

  add(task: ScheduledTask): void {
    this.tasks.push(task);
    this.reschedule();
  }

  /** Runs what fell due while the server was down, then waits for the next moment. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.wake();
  }

  /** Called after a write that may have changed when the next work is due. Before start, nothing. */
  reschedule(): void {
    if (!this.started) return;
    this.arm(null, false);
  }

  /** No more passes; answers once the pass under way (if any), and the work tasks started, have finished. */
  async stop(): Promise<void> {
    this.started = false;
    this.cancelTimer?.();
    this.cancelTimer = null;
    await this.chain;
    await Promise.all(this.tasks.map((task) => task.settled?.()));
  }

  /** Puts one pass on the chain (one already waiting to begin will see everything anyway). */
  private wake(): void {
    if (this.passWaiting) return;
    this.passWaiting = true;
    this.chain = this.chain.then(() => {
      this.passWaiting = false;
      return this.pass();
    });
  }

  private async pass(): Promise<void> {
    if (!this.started) return;
    const now = this.clock.now();
    let failed = false;
    for (const task of this.tasks) {
      try {
        const due = task.nextDue(now);
        if (due && due.getTime() <= now.getTime()) {
          this.dataChanged();
          try {
            await task.runDue(now);
          } finally {
            this.dataChanged();
          }
        }
      } catch (error) {
        failed = true;
        this.log(`scheduled work "${task.name}" failed`, error);
      }
    }
    if (this.started) this.arm(now, failed);
  }

  /**
   * Sets the one timer for the earliest due moment, or runs a pass at once for overdue work. Work still
   * due by the moment a pass ran for (`passRanAt`) was not done by it: that waits RETRY_AFTER_FAILURE_MS,
   * so a failing task is retried, never spun on.
   */
  private arm(passRanAt: Date | null, failed: boolean): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    const now = this.clock.now();
    let next: number | null = null;
    for (const task of this.tasks) {
      try {
        const due = task.nextDue(now)?.getTime() ?? null;
        if (due !== null && (next === null || due < next)) next = due;
      } catch (error) {
        failed = true;
        this.log(`scheduled work "${task.name}" could not say when it is due`, error);
      }
    }
    const stuck = failed || (passRanAt !== null && next !== null && next <= passRanAt.getTime());
    if (stuck) next = Math.max(next ?? 0, now.getTime() + RETRY_AFTER_FAILURE_MS);
    if (next === null) return;
    const wait = next - now.getTime();
    if (wait <= 0) this.wake();
    else this.cancelTimer = this.clock.setTimer(wait, () => this.wake());
  }
}
