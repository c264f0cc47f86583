import type BetterSqlite3 from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { writeTransaction } from '../../db/write-transaction';

type Sql = BetterSqlite3.Database;

interface Waiting<T> {
  item: T;
  resolve(): void;
  reject(error: unknown): void;
}

/** A batch committed less than this long ago means a storm of writes... */
const STORM_MS = 50;
/**
 * ...and the next batch then gathers what arrives for this long before it is committed. Each batch is a
 * state of the poll whose whole answer (160 KB of JSON in a club of 1,000, compressed) is made once for
 * its voters: at 5 ms a storm of 3,000 ballots made some 1,000 of them, at 20 ms a few hundred.
 */
const WINDOW_MS = 20;

/**
 * Writes that arrive together share one transaction (group commit): 1,000 members voting at once make a
 * few transactions, not 1,000, and each commit is a new state of the poll that the voters' answers are
 * read and serialised from once (poll-view.ts), not once per voter.
 *
 * `write` is a check-then-write rule, run as before inside one synchronous write transaction (see
 * write-transaction.ts), each item in its own savepoint: an item it refuses (throws) leaves no trace and
 * is answered with its own error, while the others are committed. The promise from `submit` settles only
 * once its item is committed (or refused); if the transaction as a whole fails, every item in it fails
 * with that error, and none was written. Items are written in the order they arrived, so a member's later
 * ballot replaces their earlier one.
 *
 * A lone write is committed at the event loop's next turn; during a storm, each batch gathers writes for
 * a few milliseconds (`WINDOW_MS`), which voters waiting seconds for the storm to pass never notice.
 */
export class GroupCommit<T, Batch = undefined> {
  private waiting: Waiting<T>[] = [];
  private lastCommit = -Infinity;

  constructor(
    private readonly db: DataSource,
    private readonly write: (sql: Sql, item: T, batch: Batch) => void,
    /**
     * Runs in the batch's transaction after its items, with those written (none refused); what it answers
     * runs once the batch is committed, before any other batch is (a batch's news goes out in commit order).
     */
    private readonly afterItems: (sql: Sql, written: T[], batch: Batch) => (() => void) | void = () => {},
    /** Runs in the batch's transaction before its items: what they share (the batch's moment...), given to each. */
    private readonly beforeItems: (sql: Sql) => Batch = () => undefined as Batch,
  ) {}

  submit(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.waiting.push({ item, resolve, reject }) > 1) return;
      // In a storm (the last batch was just written) the next waits a moment for more to join it; a lone
      // write goes at the loop's next turn.
      if (performance.now() - this.lastCommit < STORM_MS) setTimeout(() => this.commitWaiting(), WINDOW_MS);
      else setImmediate(() => this.commitWaiting());
    });
  }

  private commitWaiting(): void {
    const batch = this.waiting;
    this.waiting = [];
    this.lastCommit = performance.now();
    const refusals = new Map<Waiting<T>, unknown>();
    let committed: (() => void) | void;
    try {
      committed = writeTransaction(this.db, (sql) => {
        const shared = this.beforeItems(sql);
        const inSavepoint = sql.transaction((item: T) => this.write(sql, item, shared));
        for (const waiting of batch) {
          try {
            inSavepoint(waiting.item);
          } catch (error) {
            // Some failures (a full disk, an I/O error) roll the whole transaction back: nothing of the
            // batch is written then, and the rest must not go on outside a transaction.
            if (!sql.inTransaction) throw error;
            refusals.set(waiting, error);
          }
        }
        return this.afterItems(
          sql,
          batch.filter((waiting) => !refusals.has(waiting)).map((waiting) => waiting.item),
          shared,
        );
      });
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    committed?.();
    for (const waiting of batch) {
      if (refusals.has(waiting)) waiting.reject(refusals.get(waiting));
      else waiting.resolve();
    }
  }
}
