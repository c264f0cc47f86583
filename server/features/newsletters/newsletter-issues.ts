import type { DataSource } from 'typeorm';
import type { NewsletterName } from '../../../shared/api/newsletters';
import type { Language } from '../../../shared/constants';
import { sqliteOf } from '../../db/data-source';
import { deleteRows, insertRow, statement, updateRows } from '../../db/table';
import { writeTransaction } from '../../db/write-transaction';
import type { MailOutbox } from '../../mail-outbox';
import { userTable, type LinkSettings, type User } from '../accounts';
import { CpuPacer, type CpuPacerOptions } from '../mail';
import type { ClubEvent } from './club-events';
import { newsletterIssueTable, type NewsletterIssueRow } from './newsletter-issue.entity';
import { letterFor, letterTo, type Letter } from './newsletter-letters';
import { newsletterSubscriptionTable } from './subscription.entity';

const ISSUES = newsletterIssueTable;
const USERS = userTable;
const SUBSCRIPTIONS = newsletterSubscriptionTable;

/** Members whose mail goes into the queue in one transaction; the writer rests between batches. */
export const ISSUE_BATCH = 100;
/** The most of one core writing newsletters may take, as the mail queue's sending. */
const WRITE_CPU_SHARE = 0.25;
/** After a batch could not be written (the database busy or full), the next try. */
const RETRY_AFTER_FAILURE_MS = 60_000;

export interface IssueOptions {
  /** The lists that carry an event of each kind. */
  listsOf: (event: ClubEvent) => readonly NewsletterName[];
  log: (message: string, error?: unknown) => void;
  /** The pacing of the writer (cpu-pacer.ts); tests replace its clock and its rest. */
  pacing?: Partial<CpuPacerOptions>;
}

type Recipient = Pick<User, 'id' | 'email' | 'language'>;

/**
 * A club event's newsletter, written into the mail queue in the background. The request that caused the
 * event writes one row here (durable once the request is answered) and goes on; the writer then queues the
 * subscribers' mail ISSUE_BATCH members at a time, each batch in one transaction with the note of how far it
 * got, resting between batches so that members' requests go first. A restart carries on where it stopped:
 * every subscriber's mail is queued once.
 *
 * Each letter is written once per language, not per member (newsletter-letters.ts). Subscribers are those
 * of the moment their batch is written: a few seconds after the event.
 */
export class NewsletterIssues {
  private readonly pacer: CpuPacer;
  /** The letters of the issues being written, by language; written again after a restart. */
  private readonly letters = new Map<number, Map<Language, Letter>>();
  private writing: Promise<void> | null = null;
  private writeAgain = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: DataSource,
    private readonly outbox: MailOutbox,
    private readonly links: LinkSettings,
    private readonly options: IssueOptions,
  ) {
    this.pacer = new CpuPacer({ share: WRITE_CPU_SHARE, ...options.pacing });
  }

  /** Records the event's newsletter and has it written soon. Synchronous: queued when the request answers. */
  add(event: ClubEvent): void {
    insertRow(sqliteOf(this.db), ISSUES, { event: JSON.stringify(event), createdOn: new Date().toISOString(), queuedThrough: null });
    this.writeSoon();
  }

  /** Writes what is left to write (after a restart: what the last run left), in the background. */
  writeSoon(): void {
    if (this.writing) {
      this.writeAgain = true;
      return;
    }
    clearTimeout(this.retry);
    this.writing = this.writeAll()
      .catch((error) => {
        this.options.log('Newsletter: mail could not be queued; trying again in a minute', error);
        this.retry = setTimeout(() => this.writeSoon(), RETRY_AFTER_FAILURE_MS).unref();
      })
      .finally(() => {
        this.writing = null;
        if (this.writeAgain) {
          this.writeAgain = false;
          this.writeSoon();
        }
      });
  }

  /** Resolves once nothing is being written. */
  async settled(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** Issues not yet fully queued. */
  pending(): number {
    return (statement(sqliteOf(this.db), `SELECT COUNT(*) AS "n" FROM ${ISSUES.name}`).get() as { n: number }).n;
  }

  private async writeAll(): Promise<void> {
    // After the request that added the issue has been answered; and between batches, whatever waits goes first.
    const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));
    await yieldToOthers();
    // The club's database closes under the writer when the club stops or is restored: the rest waits for its next start.
    const open = () => this.db.isInitialized;
    this.pacer.begin();
    while (open() && this.writeBatch()) {
      await this.pacer.pace(open);
      await yieldToOthers();
    }
  }

  /** Queues the next batch of the oldest issue in one transaction; answers false when no issue is left. */
  private writeBatch(): boolean {
    return writeTransaction(this.db, (sql) => {
      const raw = statement(
        sql,
        `SELECT ${ISSUES.columns(['id', 'event', 'queuedThrough'])} FROM ${ISSUES.name} ORDER BY ${ISSUES.column('id')} LIMIT 1`,
      ).get() as Record<string, unknown> | undefined;
      if (!raw) return false;
      const issue = ISSUES.fromSql(raw, ['id', 'event', 'queuedThrough']);
      const event = JSON.parse(issue.event) as ClubEvent;
      const recipients = this.recipients(issue, event);
      this.outbox.enqueue(recipients.map((member) => letterTo(this.letter(issue.id, event, member.language), member.email, this.links)));
      if (recipients.length < ISSUE_BATCH) {
        deleteRows(sql, ISSUES, { id: issue.id });
        this.letters.delete(issue.id);
      } else {
        updateRows(sql, ISSUES, { id: issue.id }, { queuedThrough: recipients.at(-1)!.id });
      }
      return true;
    });
  }

  /**
   * The next subscribers after `queuedThrough`, in the order of their ids: on a list that carries the event,
   * each once however many of those lists they are on, never its actor, no bot, and no disabled account (it
   * keeps its subscriptions for when it is enabled again, but gets no mail meanwhile).
   */
  private recipients(issue: Pick<NewsletterIssueRow, 'queuedThrough'>, event: ClubEvent): Recipient[] {
    const lists = this.options.listsOf(event);
    const [user, subscription] = [USERS.qualified, SUBSCRIPTIONS.qualified];
    // Walks the members from the cursor in the order of their ids (the primary key), asking of each whether
    // they are on a list: a batch costs its own members, not the whole club's subscriptions again.
    return statement(
      sqliteOf(this.db),
      `SELECT ${user('id')} AS "id", ${user('email')} AS "email", ${user('language')} AS "language" FROM ${USERS.name}
       WHERE ${user('id')} > ? AND ${user('id')} <> ? AND ${user('isBot')} = 0 AND ${user('disabledOn')} IS NULL
         AND EXISTS (SELECT 1 FROM ${SUBSCRIPTIONS.name} WHERE ${subscription('userId')} = ${user('id')}
                     AND ${subscription('newsletter')} IN (${lists.map(() => '?').join(', ')}))
       ORDER BY ${user('id')} LIMIT ?`,
    ).all(issue.queuedThrough ?? '', 'actorId' in event ? event.actorId : '', ...lists, ISSUE_BATCH) as Recipient[];
  }

  private letter(issueId: number, event: ClubEvent, language: Language | null): Letter {
    const lang = language ?? this.links.defaultLanguage;
    let byLanguage = this.letters.get(issueId);
    if (!byLanguage) this.letters.set(issueId, (byLanguage = new Map()));
    let letter = byLanguage.get(lang);
    if (!letter) byLanguage.set(lang, (letter = letterFor(event, lang, this.links)));
    return letter;
  }
}
