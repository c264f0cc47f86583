import os from 'node:os';
import { ServiceBusy } from '../../http/errors';
import { isImportedIdentityHash, verifyIdentityHash } from './aspnet-identity-hash';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';

export interface HashingLimits {
  /** Hashes computed at once. Each takes ~90 ms of a core and 32 MiB. */
  concurrency: number;
  /** Hashes waiting their turn; beyond it the request is answered 503 with Retry-After at once. */
  queue: number;
}

/** Leaves a core (and libuv's other threads) to the rest of the club while sign-ins are checked. */
const DEFAULT_HASHING: HashingLimits = {
  concurrency: Math.max(1, Math.min(2, os.availableParallelism() - 1)),
  queue: 32,
};

/**
 * Password hashing, bounded (DECISIONS.md "Abuse and sessions"): scrypt runs on libuv's shared thread
 * pool, which also reads files; an unbounded flood of sign-ins would take every thread and every core,
 * and the club would stop answering anything. A few run at once, a short queue waits, the rest are told
 * to come back. Callers do their cheap checks first.
 */
export class PasswordHasher {
  private readonly limits: HashingLimits;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(limits: Partial<HashingLimits> = {}) {
    this.limits = { ...DEFAULT_HASHING, ...limits };
  }

  hash(password: string): Promise<string> {
    return this.run(() => hashPassword(password));
  }

  /** Checks our own hashes, and the Identity hashes an Obskurnee import brought (see needsRehash). */
  verify(password: string, stored: string): Promise<boolean> {
    return this.run(async () => {
      if (!isImportedIdentityHash(stored)) return verifyPassword(password, stored);
      // An imported hash checks in a few milliseconds, ours (and an unknown account's dummy) in ~90: the
      // dummy runs beside it, so a wrong password takes as long for an imported account as for any other.
      const [matches] = await Promise.all([verifyIdentityHash(password, stored), verifyAgainstDummy(password)]);
      return matches;
    });
  }

  /** A hash that is not our own (an imported Identity hash): replace it once the password is known. */
  needsRehash(stored: string): boolean {
    return isImportedIdentityHash(stored);
  }

  /** The time a real check takes, for an unknown account, so accounts cannot be probed by timing. */
  verifyDummy(password: string): Promise<false> {
    return this.run(() => verifyAgainstDummy(password));
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.queue) {
        // About how long the queue ahead takes to drain, at ~100 ms a hash.
        throw new ServiceBusy(((this.waiting.length / this.limits.concurrency) * 100) / 1000 + 1);
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next in line, or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
