/**
 * One backup or restore at a time: a restore closes the database a backup reads, and stays under way
 * until the club it brought is open (past the request that asked for it).
 */
export class MaintenanceLock {
  private busy: 'backup' | 'restore' | null = null;
  private heldForSwap = false;

  /** Runs `work` when no backup or restore is under way; null when one is (the caller answers 409). */
  async exclusive<T>(kind: 'backup' | 'restore', work: () => Promise<T>): Promise<{ value: T } | null> {
    if (this.busy) return null;
    this.busy = kind;
    try {
      return { value: await work() };
    } finally {
      if (!this.heldForSwap) this.busy = null;
    }
  }

  /** Inside exclusive('restore'): the lock stays taken until `swapped` settles, however it ends. */
  holdUntil(swapped: Promise<void>): void {
    this.heldForSwap = true;
    const release = () => {
      this.heldForSwap = false;
      this.busy = null;
    };
    swapped.then(release, release);
  }
}
