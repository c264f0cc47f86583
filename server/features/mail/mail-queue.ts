import type { DataSource } from 'typeorm';
import { sqliteOf } from '../../db/data-source';
import { writeTransaction } from '../../db/write-transaction';
import type { MailAttachment } from '../../mail-outbox';
import { CpuPacer } from './cpu-pacer';
import { composeMessage, envelopeAddress } from './mail-mime';
import type { MailTransport, OutgoingMail } from './mail-message';
import {
  dueMails,
  insertMails,
  makeAllDue,
  makeBackedOffDue,
  pruneSentMail,
  queueSummary,
  recordFailure,
  recordSent,
  type DueMail,
  type MailQueueSummary,
} from './mail-rows';

export type { MailQueueSummary } from './mail-rows';

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
   * The most of one core the worker may take from members' requests (0 to 1): it rests between mails long
   * enough that the CPU the process used stays this share of the time (cpu-pacer.ts).
   */
  cpuShare?: number;
  /** The process's CPU time in microseconds, and a pause; for tests of the pacing. */
  cpuMicros?: () => number;
  rest?: (ms: number) => Promise<void>;
  /**
   * How many mails are on their way at once (as many SMTP connections): a mail server answers each mail
   * after a few round trips, and one at a time a newsletter to a thousand members took minutes of waiting.
   */
  sendsAtOnce?: number;
}

const DEFAULT_RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000];
const DEFAULT_POLL_MS = 5_000;
const DEFAULT_CPU_SHARE = 0.25;
export const DEFAULT_SENDS_AT_ONCE = 4;
/** Due mails read at once; a pass reads again when they are taken. */
const DUE_BATCH = 64;

/**
 * Mail goes into the database in the request's own synchronous write and is sent later by one background
 * worker (DECISIONS.md: a mail server that is down delays mail, never fails or slows the request, and loses
 * nothing). The table is the queue, so mail queued before a restart is sent after it, at once.
 *
 * Delivery is at least once: a crash between the mail server's "accepted" and the row's update sends that
 * mail again after the restart (at most sendsAtOnce of them; each keeps its Message-ID, and the outbox its
 * file name, so the copy is known as the same mail). Never zero times is the promise that matters for
 * invitations.
 */
export class MailQueue {
  private readonly transport: MailTransport;
  private readonly from: string;
  private readonly envelopeFrom: string;
  private readonly log: (message: string, error?: unknown) => void;
  private readonly pollMs: number;
  private readonly retryDelaysMs: number[];
  private readonly now: () => number;
  private readonly pacer: CpuPacer;
  private readonly sendsAtOnce: number;

  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private nudge: NodeJS.Immediate | undefined;
  /** Every pass runs on this chain, one after another: never two passes at once, nor one mail sent twice. */
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
    this.envelopeFrom = envelopeAddress(options.from);
    this.log = options.log ?? ((message, error) => console.warn(message, error ?? ''));
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.now = options.now ?? Date.now;
    this.pacer = new CpuPacer({ share: options.cpuShare ?? DEFAULT_CPU_SHARE, cpuMicros: options.cpuMicros, rest: options.rest });
    this.sendsAtOnce = options.sendsAtOnce ?? DEFAULT_SENDS_AT_ONCE;
    if (!(Number.isInteger(this.sendsAtOnce) && this.sendsAtOnce >= 1)) throw new Error('sendsAtOnce must be a whole number of at least 1');
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
    writeTransaction(this.db, (sql) => insertMails(sql, mails, now));
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

  /** Stops the worker; resolves once the sends in flight have finished and been recorded. Queued mail stays queued. */
  async stop(): Promise<void> {
    this.running = false;
    clearInterval(this.timer);
    clearImmediate(this.nudge);
    this.timer = this.nudge = undefined;
    await this.chain;
    await this.transport.release?.();
  }

  /** Forgets mail sent before `before` (its body is long gone; only the bookkeeping was left). */
  pruneSent(before: Date): number {
    return pruneSentMail(sqliteOf(this.db), before);
  }

  /**
   * The unsent mail, for the host page: never tried yet (pending), tried and failed (failing: it is tried
   * again after its back-off, forever), and the latest failure among them.
   */
  summary(): MailQueueSummary {
    return queueSummary(sqliteOf(this.db));
  }

  /**
   * Makes every unsent mail due now and wakes the worker (the host fixed the mail server and will not wait
   * out an hour's back-off); answers how many mails that is.
   */
  retryNow(): number {
    const changes = makeAllDue(sqliteOf(this.db), new Date(this.now()).toISOString());
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

  /** Runs `work` after the passes before it; connections are let go once no pass is waiting to use them. */
  private onChain<T>(work: () => Promise<T>): Promise<T> {
    const result = this.chain.then(work).finally(() => (this.passWaiting ? undefined : this.transport.release?.()));
    this.chain = result.catch(() => undefined);
    return result;
  }

  /** Sends, sendsAtOnce at a time, oldest due first, until none is due as of the pass's start. */
  private async sendDue(keepGoing: () => boolean): Promise<number> {
    const sql = sqliteOf(this.db);
    const passStart = this.now();
    const dueBy = new Date(passStart).toISOString();
    if (this.firstPass) {
      // A restart tries every unsent mail at once: the host may just have fixed the mail settings, and
      // should not wait out a back-off from before. Back-off is for a server that keeps running.
      makeBackedOffDue(sql, dueBy);
      this.firstPass = false;
    }
    const inFlight = new Set<number>();
    /** Recipients with a mail on its way: their next waits, so each member's mail arrives in the order queued. */
    const busy = new Set<string>();
    let taken: DueMail[] = [];
    const takeFrom = (mails: DueMail[]) => {
      const index = mails.findIndex((mail) => !busy.has(mail.to));
      return index < 0 ? undefined : mails.splice(index, 1)[0];
    };
    const next = (): DueMail | undefined => {
      let mail = takeFrom(taken);
      if (!mail) {
        // Mails on their way are still unsent and due: read past them. A mail tried in this pass is either
        // sent or, having failed, due only after a delay above 0 from the pass's start.
        taken = dueMails(sql, dueBy, DUE_BATCH + inFlight.size).filter((due) => !inFlight.has(due.id));
        mail = takeFrom(taken);
      }
      return mail;
    };
    let sent = 0;
    const lane = async () => {
      for (let mail = next(); mail && keepGoing(); mail = next()) {
        inFlight.add(mail.id);
        busy.add(mail.to);
        try {
          if (await this.deliver(mail, passStart)) sent++;
        } finally {
          inFlight.delete(mail.id);
          busy.delete(mail.to);
        }
        await this.pacer.pace(keepGoing);
      }
    };
    this.pacer.begin();
    await Promise.all(Array.from({ length: this.sendsAtOnce }, lane));
    return sent;
  }

  /** Writes the mail out, hands it to the transport and records how that went; answers whether it went. */
  private async deliver(mail: DueMail, passStart: number): Promise<boolean> {
    const sql = sqliteOf(this.db);
    try {
      const message = composeMessage({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments === null ? null : (JSON.parse(mail.attachments) as MailAttachment[]),
        messageKey: `bookclub-mail-${mail.id}.${mail.createdOn.replace(/\D/g, '')}`,
        // When it was written, as RFC 5322 means it: mail clients show a member's mail in the order it was queued.
        date: new Date(mail.createdOn),
      });
      await this.transport.send({ id: mail.id, queuedOn: mail.createdOn, from: this.envelopeFrom, to: mail.to, message });
    } catch (error) {
      const attempts = mail.attempts + 1;
      const delay = this.retryDelaysMs[Math.min(attempts, this.retryDelaysMs.length) - 1]!;
      // Never before the pass's start plus a delay above 0: this pass will not pick the mail up again.
      const message = recordFailure(sql, mail, error, Math.max(this.now(), passStart), delay);
      this.log(`Mail ${mail.id} not sent (try ${attempts}), next try in ${Math.round(delay / 1000)} s: ${message}`);
      return false;
    }
    recordSent(sql, mail, new Date(this.now()).toISOString());
    return true;
  }
}
