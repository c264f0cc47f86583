import type { DataSource } from 'typeorm';
import { SHELF_SITES, SHELVES, type ShelfName, type ShelfSite } from '../../../shared/api/shelves';
import type { Clock } from '../../clock';
import { sqliteOf } from '../../db/data-source';
import { findRow, statement, updateRows } from '../../db/table';
import type { ScheduledTask } from '../schedule';
import type { ShelfBook } from './shelf-book';
import { ShelfReadFailed, type ShelfSites } from './shelf-sites';
import { mirrorCurrentlyReading, writeShelf } from './shelf-writes';
import { shelfLinkTable, type ShelfLinkRow } from './shelves.entity';

const HOUR_MS = 60 * 60 * 1000;
/** After a site answered 429 or 5xx: leave it alone this long, doubling with each failure in a row (to a day). */
const BACK_OFF_MS = 30 * 60 * 1000;
const BACK_OFF_MAX_MS = 24 * HOUR_MS;
const DEFAULT_PAUSE_MS = 3_000;

export interface ShelfSyncOptions {
  clock: Clock;
  /** How often a linked profile is read; 0: only when its member links it or asks. */
  intervalHours: number;
  /** Between one member's reading and the next's. */
  pauseMs?: number;
  log: (message: string, error?: unknown) => void;
  /** Tells the club's schedule to look again: a reading it started has finished, so the next one may be due. */
  reschedule?: () => void;
}

/**
 * Reads members' linked shelves, politely: one request at a time (the schedule's pass and a member's "read
 * now" queue behind each other), one member per pass of the club's schedule with a pause before the next,
 * and after a site answers 429 or 5xx (or a page too costly to read) no request to it for a while, longer
 * after each failure, whether the schedule, a new link or a member's "read now" would ask. When the next
 * reading is due lives in each link's row (`nextSyncOn`), so a restart carries on where it stopped.
 */
export class ShelfSync implements ScheduledTask {
  readonly name = 'shelves';
  private queue: Promise<unknown> = Promise.resolve();
  private lastFinished = 0;
  /**
   * The reading a pass started, while the site answers. The schedule's passes run one after another, and a
   * poll's deadline must not wait on Goodreads (up to two 10 s requests): the pass only starts the reading.
   */
  private reading: Promise<void> | null = null;
  private readonly heldUntil = new Map<ShelfSite, number>();

  constructor(
    private readonly db: DataSource,
    private readonly sites: ShelfSites,
    private readonly options: ShelfSyncOptions,
  ) {}

  private get intervalMs(): number {
    return this.options.intervalHours * HOUR_MS;
  }

  /** Sites the schedule may ask now: read by the club, and not backing off. */
  private open(at: number): ShelfSite[] {
    return SHELF_SITES.filter((site) => this.sites.reads(site) && (this.heldUntil.get(site) ?? 0) <= at);
  }

  nextDue(): Date | null {
    if (this.intervalMs <= 0 || this.reading) return null;
    const sql = sqliteOf(this.db);
    let earliest: number | null = null;
    for (const site of SHELF_SITES) {
      if (!this.sites.reads(site)) continue;
      const due = statement(sql, `SELECT MIN("nextSyncOn") FROM ${shelfLinkTable.name} WHERE "site" = ? AND "nextSyncOn" IS NOT NULL`).pluck().get(site) as
        string | null;
      if (!due) continue;
      const at = Math.max(Date.parse(due), this.heldUntil.get(site) ?? 0);
      earliest = earliest === null ? at : Math.min(earliest, at);
    }
    if (earliest === null) return null;
    return new Date(Math.max(earliest, this.lastFinished + (this.options.pauseMs ?? DEFAULT_PAUSE_MS)));
  }

  /**
   * Starts the reading of one member whose reading is due (the longest waiting), and answers at once; the next
   * waits until it is over and the pause has passed (the schedule is told to look again then).
   */
  async runDue(now: Date): Promise<void> {
    const sites = this.open(now.getTime());
    if (this.intervalMs <= 0 || sites.length === 0 || this.reading) return;
    const sql = sqliteOf(this.db);
    const userId = statement(
      sql,
      `SELECT "userId" FROM ${shelfLinkTable.name} WHERE "nextSyncOn" <= ? AND "site" IN (SELECT "value" FROM json_each(?)) ORDER BY "nextSyncOn", "userId" LIMIT 1`,
    )
      .pluck()
      .get(now.toISOString(), JSON.stringify(sites)) as string | undefined;
    if (!userId) return;
    this.reading = this.sync(userId)
      .catch((error: unknown) => this.options.log(`Shelves of member ${userId} not read`, error))
      .finally(() => {
        this.reading = null;
        this.options.reschedule?.();
      });
  }

  /** The scheduled reading under way, if any: the schedule's stop waits for it. */
  settled(): Promise<void> {
    return this.reading ?? Promise.resolve();
  }

  /** Reads one member's linked shelves now (after any reading under way); answers once it is written or refused. */
  sync(userId: string): Promise<void> {
    const run = this.queue.then(() => this.syncOne(userId));
    this.queue = run.catch(() => {});
    return run;
  }

  private async syncOne(userId: string): Promise<void> {
    const sql = sqliteOf(this.db);
    const link = findRow(sql, shelfLinkTable, { userId });
    if (!link) return;
    // A member's link or "read now" waits as the schedule does while the site asked the club to.
    const heldUntil = this.heldUntil.get(link.site) ?? 0;
    if (heldUntil > this.options.clock.now().getTime()) return this.waiting(link, heldUntil);
    try {
      const read = new Map<ShelfName, ShelfBook[]>();
      // One after the other, never both at once.
      for (const shelf of SHELVES) read.set(shelf, await this.sites.shelf(link.site, link.externalUserId, shelf));
      this.written(link, read);
    } catch (error) {
      if (!(error instanceof ShelfReadFailed)) throw error;
      this.failed(link, error);
    } finally {
      this.lastFinished = this.options.clock.now().getTime();
    }
  }

  private written(link: ShelfLinkRow, read: Map<ShelfName, ShelfBook[]>): void {
    const sql = sqliteOf(this.db);
    const now = this.options.clock.now();
    sql.transaction(() => {
      // Unlinked or linked elsewhere while the site answered: what it said is not this link's any more.
      const current = findRow(sql, shelfLinkTable, { userId: link.userId });
      if (!current || current.site !== link.site || current.externalUserId !== link.externalUserId) return;
      for (const [shelf, books] of read) writeShelf(sql, link.userId, link.site, shelf, books, now);
      mirrorCurrentlyReading(sql, link.userId, now);
      updateRows(
        sql,
        shelfLinkTable,
        { userId: link.userId },
        {
          lastSyncedOn: now.toISOString(),
          lastTriedOn: now.toISOString(),
          lastError: null,
          failures: 0,
          nextSyncOn: this.intervalMs > 0 ? new Date(now.getTime() + this.intervalMs).toISOString() : null,
        },
      );
    })();
  }

  /** Not read: the link says the site asked the club to wait, and (on a schedule) is read once it is over. */
  private waiting(link: ShelfLinkRow, heldUntil: number): void {
    const now = this.options.clock.now();
    updateRows(
      sqliteOf(this.db),
      shelfLinkTable,
      { userId: link.userId },
      { lastTriedOn: now.toISOString(), lastError: 'shelfSync:siteResting', nextSyncOn: this.intervalMs > 0 ? new Date(heldUntil).toISOString() : null },
    );
  }

  /** Nothing of the shelves changes; the link says why, and the log says what the site did. */
  private failed(link: ShelfLinkRow, error: ShelfReadFailed): void {
    const now = this.options.clock.now();
    const failures = link.failures + 1;
    let next = this.intervalMs > 0 ? now.getTime() + this.intervalMs : null;
    if (error.backOff) {
      const pause = Math.min(BACK_OFF_MS * 2 ** Math.min(failures - 1, 10), BACK_OFF_MAX_MS);
      this.heldUntil.set(link.site, now.getTime() + pause);
      if (next !== null) next = Math.min(next, now.getTime() + pause);
    }
    this.options.log(`Shelves of member ${link.userId} on ${link.site} not read (${error.key}); nothing changed`, error.cause ?? error);
    updateRows(
      sqliteOf(this.db),
      shelfLinkTable,
      { userId: link.userId },
      { lastTriedOn: now.toISOString(), lastError: error.key, failures, nextSyncOn: next === null ? null : new Date(next).toISOString() },
    );
  }
}
