import { TooManyRequests } from '../../http/errors';

export interface ThrottleOptions {
  /** Attempts counted within this window. */
  windowMs: number;
  /** Failed attempts an address may make within the window, over all accounts. */
  perAddress: number;
  /** Failed attempts one address may make at one account within the window. */
  perAccountAddress: number;
  /** From this many failures on (per key), each answer waits a little longer. */
  slowAfter: number;
  stepDelayMs: number;
  /** Keys kept at most; beyond it the oldest are forgotten (a flood of made-up accounts stays bounded). */
  maxKeys: number;
  /** The catalogue key of the 429's detail. */
  refusalKey: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const LOGIN_THROTTLE: ThrottleOptions = {
  windowMs: 15 * 60 * 1000,
  perAddress: 20,
  perAccountAddress: 10,
  slowAfter: 3,
  stepDelayMs: 500,
  maxKeys: 50_000,
  refusalKey: 'tooManyAttempts',
};

/** An attempt under way: counted as failed unless it reports success, or that it never was tried. */
export interface Attempt {
  /** It worked: it is no failure, and that account is forgiven at that address. */
  succeeded(): void;
  /** It was turned away before anything was checked (the server was busy): it does not count. */
  discard(): void;
}

/**
 * Counts attempts per client address and per (account, address), as DECISIONS.md "Abuse and sessions"
 * says: an address that fails too often gets 429 with Retry-After, and failures from one address never
 * lock a member out at another (there is no per-account lockout to aim at someone).
 *
 * An attempt is recorded before the slow work it guards (the password hash), so parallel guesses are
 * counted as they arrive rather than after they finish. Kept in memory: one club server is one process,
 * and a restart forgiving is harmless.
 */
export class AttemptThrottle {
  private readonly attempts = new Map<string, number[]>();
  private readonly options: ThrottleOptions;

  constructor(options: Partial<ThrottleOptions> = {}) {
    this.options = { ...LOGIN_THROTTLE, ...options };
  }

  /** Refuses when the address or the pair is over its limit; otherwise records the attempt and waits when slowed. */
  async begin(address: string, account?: string): Promise<Attempt> {
    const keys = [`a:${address}`, ...(account === undefined ? [] : [`u:${account.toLowerCase()}|${address}`])];
    const limits = [this.options.perAddress, this.options.perAccountAddress];
    const now = this.now();
    const recents = keys.map((key) => this.recent(key, now));
    let waitUntil = 0;
    recents.forEach((recent, index) => {
      const limit = limits[index]!;
      if (recent.length >= limit) waitUntil = Math.max(waitUntil, recent[recent.length - limit]! + this.options.windowMs);
    });
    if (waitUntil) throw new TooManyRequests(this.options.refusalKey, (waitUntil - now) / 1000);

    const slowest = Math.max(...recents.map((recent) => recent.length));
    for (const key of keys) this.record(key, now);
    if (slowest >= this.options.slowAfter) {
      await (this.options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))))(
        (slowest - this.options.slowAfter + 1) * this.options.stepDelayMs,
      );
    }
    const discard = () => {
      for (const key of keys) this.forget(key, now);
    };
    return {
      succeeded: () => {
        discard();
        if (keys[1]) this.attempts.delete(keys[1]);
      },
      discard,
    };
  }

  private recent(key: string, now: number): number[] {
    const since = now - this.options.windowMs;
    const list = this.attempts.get(key);
    if (!list) return [];
    while (list.length && list[0]! <= since) list.shift();
    if (!list.length) this.attempts.delete(key);
    return list;
  }

  private record(key: string, at: number): void {
    const list = this.attempts.get(key);
    if (list) {
      list.push(at);
      // Never more than the largest limit is needed to decide.
      if (list.length > Math.max(this.options.perAddress, this.options.perAccountAddress)) list.shift();
      return;
    }
    this.attempts.set(key, [at]);
    if (this.attempts.size > this.options.maxKeys) {
      // Map keeps insertion order: the first keys are the oldest.
      const excess = this.attempts.size - Math.floor(this.options.maxKeys * 0.9);
      let dropped = 0;
      for (const old of this.attempts.keys()) {
        if (dropped++ >= excess) break;
        this.attempts.delete(old);
      }
    }
  }

  private forget(key: string, at: number): void {
    const list = this.attempts.get(key);
    const index = list?.lastIndexOf(at) ?? -1;
    if (list && index !== -1) list.splice(index, 1);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }
}
