import { TooManyRequests } from '../../http/errors';

export interface ThrottleOptions {
  /** Failures counted within this window. */
  windowMs: number;
  /** From this many failures on, each answer waits a little longer. */
  slowAfter: number;
  /** At this many failures, sign-in is refused with 429 until the window passes. */
  blockAfter: number;
  stepDelayMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const DEFAULTS: ThrottleOptions = { windowMs: 15 * 60 * 1000, slowAfter: 3, blockAfter: 10, stepDelayMs: 500 };

/**
 * Repeated failed sign-ins from one address or for one account are slowed, then answered 429
 * (DECISIONS.md). Kept in memory: one club server is one process, and a restart forgiving is harmless.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly options: ThrottleOptions;

  constructor(options: Partial<ThrottleOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Before checking a password: refuses when blocked, waits when slowed. */
  async beforeAttempt(keys: string[]): Promise<void> {
    const count = Math.max(...keys.map((key) => this.recent(key).length));
    if (count >= this.options.blockAfter) {
      const oldest = Math.min(...keys.flatMap((key) => this.recent(key)));
      const minutes = Math.max(1, Math.ceil((oldest + this.options.windowMs - this.now()) / 60_000));
      throw new TooManyRequests('tooManyAttempts', { minutes });
    }
    if (count >= this.options.slowAfter) {
      await (this.options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))))(
        (count - this.options.slowAfter + 1) * this.options.stepDelayMs,
      );
    }
  }

  recordFailure(keys: string[]): void {
    const now = this.now();
    for (const key of keys) this.failures.set(key, [...this.recent(key), now]);
    if (this.failures.size > 10_000) this.prune();
  }

  recordSuccess(keys: string[]): void {
    for (const key of keys) this.failures.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.options.windowMs;
    return (this.failures.get(key) ?? []).filter((at) => at > since);
  }

  private prune(): void {
    for (const key of this.failures.keys()) if (this.recent(key).length === 0) this.failures.delete(key);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
