import type { DataSource } from 'typeorm';
import { sqliteOf } from '../../db/data-source';
import { insertRows, statement, updateRows } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import type { MailAttachment } from '../../mail-outbox';
import { mailTable, type MailRow } from './mail.entity';
import type { MailTransport, OutgoingMail } from './mail-message';

export interface MailQueueOptions {
  transport: MailTransport;
  /** The From of every mail, e.g. `"Book Club" <bookclub@club.example.org>`. */
  from: string;
  log?: (message: string, error?: unknown) => void;
  /** How often the worker looks for mail whose retry is due; new mail is sent at once, without waiting for it. */
  pollMs?: number;
  /** Wait after the 1st, 2nd... failed try; the last repeats forever, since mail is never given up on. */
  retryDelaysMs?: number[];
  /** The clock, for tests of the back-off. */
  now?: () => number;
  /**
   * The most of one core the worker may take from members' requests (0 to 1): after each mail it rests
   * long enough that the CPU its send used stays this share of the time. A newsletter to a large club
   * queues thousands of mails at once; composing and writing them back to back kept a core busy.
   */
  cpuShare?: number;
  /** The process's CPU time in microseconds, and a pause; for tests of the pacing. */
  cpuMicros?: () => number;
  rest?: (ms: number) => Promise<void>;
}

const DEFAULT_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000];
const DEFAULT_POLL_MS = 5_000;
const DEFAULT_CPU_SHARE = 0.25;
/** Rests shorter than this are gathered up until they are worth a timer. */
const MIN_REST_MS = 5;
const MAX_ERROR_LENGTH = 1_000;

export interface MailQueueSummary {
  pending: number;
  failing: number;
  lastError: string | null;
  lastErrorAt: string | null;
}

const MAILS = mailTable;
const DUE = ['id', 'to', 'subject', 'text', 'html', 'attachments', 'attempts'] as const satisfies readonly (keyof MailRow)[];
type DueMail = Pick<MailRow, (typeof DUE)[number]>;
const LAST_ERROR = ['lastError', 'lastErrorOn'] as const satisfies readonly (keyof MailRow)[];

/**
 * Mail goes into the database in the request's own synchronous write and is sent later by one background
 * worker (DECISIONS.md: a mail server that is down delays mail, never fails or slows the request, and loses
 * nothing). The table is the queue, so mail queued before a restart is sent after it, at once.
 *
 * Delivery is at least once: a crash between the mail server's "accepted" and the row's update sends that
 * one mail again after the restart. Never zero times is the promise that matters for invitations.
 */
export class MailQueue {
  private readonly transport: MailTransport;
  private readonly from: string;
  private readonly log: (message: string, error?: unknown) => void;
  private readonly pollMs: number;
  private readonly retryDelaysMs: number[];
  private readonly now: () => number;
  private readonly cpuShare: number;
  private readonly cpuMicros: () => number;
  private readonly rest: (ms: number) => Promise<void>;

  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private nudge: NodeJS.Immediate | undefined;
  /** Every pass runs on this chain, one after another: never two sends at once, nor one mail sent twice. */
  private chain: Promise<unknown> = Promise.resolve();
  /** A background pass is on the chain and not yet begun: it will see whatever is queued meanwhile. */
  private passWaiting = false;
  /** Until this queue's first pass, mail waiting out a back-off from before a restart is not yet made due. */
  private firstPass = true;

  constructor(
    private readonly db: DataSource,
    options: MailQueueOptions,
  ) {
    this.transport = options.transport;
    this.from = options.from;
    this.log = options.log ?? ((message, error) => console.warn(message, error ?? ''));
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.now = options.now ?? Date.now;
    this.cpuShare = options.cpuShare ?? DEFAULT_CPU_SHARE;
    if (!(this.cpuShare > 0 && this.cpuShare <= 1)) throw new Error('cpuShare must be above 0 and at most 1');
    this.cpuMicros =
      options.cpuMicros ??
      (() => {
        const { user, system } = process.cpuUsage();
        return user + system;
      });
    this.rest = options.rest ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    // A zero delay would let a failing mail come due again within the same pass, and the pass never end.
    if (this.retryDelaysMs.length === 0 || !this.retryDelaysMs.every((ms) => Number.isInteger(ms) && ms > 0)) {
      throw new Error('retryDelaysMs must be one or more whole numbers of milliseconds above 0');
    }
  }

  /**
   * Queues mails in one transaction and returns: no network, nothing to await, so the request never waits
   * for or fails on the mail server. Called inside a caller's writeTransaction it nests (a savepoint), so
   * the mail commits or rolls back with the change it announces.
   */
  enqueue(mails: OutgoingMail[]): void {
    if (mails.length === 0) return;
    const now = new Date(this.now()).toISOString();
    writeTransaction(this.db, (sql) =>
      insertRows(
        sql,
        MAILS,
        mails.map((mail) => ({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          attachments: mail.attachments?.length ? JSON.stringify(mail.attachments) : null,
          createdOn: now,
          attempts: 0,
          nextAttemptOn: now,
        })),
      ),
    );
    // After this tick, so an enclosing transaction has committed before the worker looks.
    if (this.running && !this.nudge) {
      this.nudge = setImmediate(() => {
        this.nudge = undefined;
        this.wake();
      });
    }
  }

  /** Sends what is due now (mail left from before a restart too), then looks again every pollMs. */
  start(): void {
    if (this.running) return;
    this.running = true;
    // unref: a pending retry never keeps the process alive; the queue in the table outlives it anyway.
    this.timer = setInterval(() => this.wake(), this.pollMs).unref();
    this.wake();
  }

  /** Stops the worker; resolves once a send in flight has finished and been recorded. Queued mail stays queued. */
  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.timer);
    clearImmediate(this.nudge);
    this.timer = this.nudge = undefined;
    await this.chain;
  }

  /** Forgets mail sent before `before` (its body is long gone; only the bookkeeping was left). */
  pruneSent(before: Date): number {
    const sentOn = MAILS.column('sentOn');
    return statement(sqliteOf(this.db), `DELETE FROM ${MAILS.name} WHERE ${sentOn} IS NOT NULL AND ${sentOn} < ?`).run(before.toISOString()).changes;
  }

  /**
   * The unsent mail, for the host page: never tried yet (pending), tried and failed (failing: it is tried
   * again after its back-off, forever), and the latest failure among them.
   */
  summary(): MailQueueSummary {
    const sql = sqliteOf(this.db);
    const [attempts, sentOn, lastError, lastErrorOn] = [
      MAILS.column('attempts'),
      MAILS.column('sentOn'),
      MAILS.column('lastError'),
      MAILS.column('lastErrorOn'),
    ];
    const counts = statement(
      sql,
      `SELECT SUM(${attempts} = 0) AS "pending", SUM(${attempts} > 0) AS "failing" FROM ${MAILS.name} WHERE ${sentOn} IS NULL`,
    ).get() as { pending: number | null; failing: number | null } | undefined;
    const raw = statement(
      sql,
      `SELECT ${MAILS.columns(LAST_ERROR)} FROM ${MAILS.name} WHERE ${sentOn} IS NULL AND ${lastError} IS NOT NULL
       ORDER BY ${lastErrorOn} DESC, ${MAILS.column('id')} DESC LIMIT 1`,
    ).get() as Record<string, unknown> | undefined;
    const last = raw && MAILS.fromSql(raw, LAST_ERROR);
    return {
      pending: counts?.pending ?? 0,
      failing: counts?.failing ?? 0,
      lastError: last?.lastError ?? null,
      lastErrorAt: last?.lastErrorOn ?? null,
    };
  }

  /**
   * Makes every unsent mail due now and wakes the worker (the host fixed the mail server and will not wait
   * out an hour's back-off); answers how many mails that is.
   */
  retryNow(): number {
    const now = new Date(this.now()).toISOString();
    const changes = updateRows(sqliteOf(this.db), MAILS, { sentOn: null }, { nextAttemptOn: now });
    this.wake();
    return changes;
  }

  /** Sends every mail due now, after any pass in flight; answers how many went out. Tests and shutdown use it. */
  flush(): Promise<number> {
    return this.onChain(() => this.sendDue(() => true));
  }

  private wake(): void {
    if (!this.running || this.passWaiting) return;
    this.passWaiting = true;
    this.onChain(async () => {
      this.passWaiting = false;
      // Stopped while waiting its turn, or stopping mid-pass: leave the rest for the next start.
      if (this.running) await this.sendDue(() => this.running);
    }).catch((error) => this.log('Mail: the queue could not be read or updated', error));
  }

  private onChain<T>(work: () => Promise<T>): Promise<T> {
    const result = this.chain.then(work);
    this.chain = result.catch(() => undefined);
    return result;
  }

  /** One mail at a time, oldest due first, until none is due as of the pass's start. */
  private async sendDue(keepGoing: () => boolean): Promise<number> {
    const passStart = this.now();
    const dueBy = new Date(passStart).toISOString();
    if (this.firstPass) {
      // A restart tries every unsent mail at once: the host may just have fixed the mail settings, and
      // should not wait out a back-off from before. Back-off is for a server that keeps running.
      const nextAttemptOn = MAILS.column('nextAttemptOn');
      statement(sqliteOf(this.db), `UPDATE ${MAILS.name} SET ${nextAttemptOn} = ? WHERE ${MAILS.column('sentOn')} IS NULL AND ${nextAttemptOn} > ?`).run(
        dueBy,
        dueBy,
      );
      this.firstPass = false;
    }
    let sent = 0;
    let owedRestMs = 0;
    for (let mail = this.nextDue(dueBy); mail && keepGoing(); mail = this.nextDue(dueBy)) {
      // The process's CPU time across the send: the mail's own work, and any request served meanwhile, so
      // the worker also backs off while members keep the server busy. Waiting on a mail server costs none.
      const cpuBefore = this.cpuMicros();
      let failure: { error: unknown } | undefined;
      try {
        await this.transport.send({
          from: this.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments === null ? null : (JSON.parse(mail.attachments) as MailAttachment[]),
        });
      } catch (error) {
        failure = { error };
      }
      // Never before the pass's start plus a delay above 0: this pass will not pick the mail up again.
      if (failure) this.recordFailure(mail, failure.error, Math.max(this.now(), passStart));
      else {
        this.recordSent(mail);
        sent++;
      }
      owedRestMs += ((this.cpuMicros() - cpuBefore) / 1000) * (1 / this.cpuShare - 1);
      if (owedRestMs >= MIN_REST_MS && keepGoing()) {
        await this.rest(owedRestMs);
        owedRestMs = 0;
      }
    }
    return sent;
  }

  /** The unsent mail due by `dueBy` that came due first (the oldest of those due together). */
  private nextDue(dueBy: string): DueMail | undefined {
    const [sentOn, nextAttemptOn] = [MAILS.column('sentOn'), MAILS.column('nextAttemptOn')];
    const raw = statement(
      sqliteOf(this.db),
      `SELECT ${MAILS.columns(DUE)} FROM ${MAILS.name}
       WHERE ${sentOn} IS NULL AND ${nextAttemptOn} <= ? ORDER BY ${nextAttemptOn}, ${MAILS.column('id')} LIMIT 1`,
    ).get(dueBy) as Record<string, unknown> | undefined;
    return raw && MAILS.fromSql(raw, DUE);
  }

  private recordSent(mail: DueMail): void {
    // The body goes: it may hold a set-password link, whose token the database otherwise keeps only hashed.
    // Attachments go with it: nothing reads a sent mail's contents again.
    updateRows(
      sqliteOf(this.db),
      MAILS,
      { id: mail.id },
      { sentOn: new Date(this.now()).toISOString(), attempts: mail.attempts + 1, text: '', html: null, attachments: null },
    );
  }

  private recordFailure(mail: DueMail, error: unknown, failedAt: number): void {
    const attempts = mail.attempts + 1;
    const delay = this.retryDelaysMs[Math.min(attempts, this.retryDelaysMs.length) - 1]!;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    updateRows(
      sqliteOf(this.db),
      MAILS,
      { id: mail.id },
      { attempts, nextAttemptOn: new Date(failedAt + delay).toISOString(), lastError: message, lastErrorOn: new Date(failedAt).toISOString() },
    );
    this.log(`Mail ${mail.id} not sent (try ${attempts}), next try in ${Math.round(delay / 1000)} s: ${message}`);
  }
}
