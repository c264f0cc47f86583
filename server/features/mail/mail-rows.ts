import type BetterSqlite3 from 'better-sqlite3';
import { statement, updateRows } from '../../db/table';
import { mailTable, type MailRow } from './mail.entity';
import type { OutgoingMail } from './mail-message';

// The mail table as the queue reads and writes it: the queue's every statement on it, in one place.

type Sql = BetterSqlite3.Database;
const MAILS = mailTable;
const DUE = ['id', 'to', 'subject', 'text', 'html', 'attachments', 'attempts', 'createdOn'] as const satisfies readonly (keyof MailRow)[];
export type DueMail = Pick<MailRow, (typeof DUE)[number]>;
const LAST_ERROR = ['lastError', 'lastErrorOn'] as const satisfies readonly (keyof MailRow)[];
const MAX_ERROR_LENGTH = 1_000;

export interface MailQueueSummary {
  pending: number;
  failing: number;
  lastError: string | null;
  lastErrorAt: string | null;
}

const INSERTED = ['to', 'subject', 'text', 'html', 'attachments', 'createdOn', 'attempts', 'nextAttemptOn'] as const satisfies readonly (keyof MailRow)[];

/** Queues mails, due now. One statement for them all: a newsletter queues thousands. */
export function insertMails(sql: Sql, mails: readonly OutgoingMail[], now: string): void {
  const insert = statement(
    sql,
    `INSERT INTO ${MAILS.name} (${INSERTED.map((property) => MAILS.column(property)).join(', ')}) VALUES (${INSERTED.map(() => '?').join(', ')})`,
  );
  for (const mail of mails) {
    const attachments = mail.attachments?.length ? JSON.stringify(mail.attachments) : null;
    // In the order of INSERTED.
    insert.run(mail.to, mail.subject, mail.text, mail.html ?? null, attachments, now, 0, now);
  }
}

/** Up to `limit` unsent mails due by `dueBy`, those that came due first first (the oldest of those due together). */
export function dueMails(sql: Sql, dueBy: string, limit: number): DueMail[] {
  const [sentOn, nextAttemptOn] = [MAILS.column('sentOn'), MAILS.column('nextAttemptOn')];
  const rows = statement(
    sql,
    `SELECT ${MAILS.columns(DUE)} FROM ${MAILS.name}
     WHERE ${sentOn} IS NULL AND ${nextAttemptOn} <= ? ORDER BY ${nextAttemptOn}, ${MAILS.column('id')} LIMIT ?`,
  ).all(dueBy, limit) as Record<string, unknown>[];
  return rows.map((raw) => MAILS.fromSql(raw, DUE));
}

/** Every unsent mail waiting out a back-off is due at `dueBy` (a restart tries again at once). */
export function makeBackedOffDue(sql: Sql, dueBy: string): void {
  const nextAttemptOn = MAILS.column('nextAttemptOn');
  statement(sql, `UPDATE ${MAILS.name} SET ${nextAttemptOn} = ? WHERE ${MAILS.column('sentOn')} IS NULL AND ${nextAttemptOn} > ?`).run(dueBy, dueBy);
}

/** Every unsent mail due at `now`; answers how many. */
export function makeAllDue(sql: Sql, now: string): number {
  return updateRows(sql, MAILS, { sentOn: null }, { nextAttemptOn: now });
}

export function recordSent(sql: Sql, mail: DueMail, sentOn: string): void {
  // The body goes: it may hold a set-password link, whose token the database otherwise keeps only hashed.
  // Attachments go with it: nothing reads a sent mail's contents again.
  updateRows(sql, MAILS, { id: mail.id }, { sentOn, attempts: mail.attempts + 1, text: '', html: null, attachments: null });
}

/** Records a failed try and when to try again; answers the error as recorded. */
export function recordFailure(sql: Sql, mail: DueMail, error: unknown, failedAt: number, delayMs: number): string {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
  updateRows(
    sql,
    MAILS,
    { id: mail.id },
    {
      attempts: mail.attempts + 1,
      nextAttemptOn: new Date(failedAt + delayMs).toISOString(),
      lastError: message,
      lastErrorOn: new Date(failedAt).toISOString(),
    },
  );
  return message;
}

/** Forgets mail sent before `before`; answers how many. */
export function pruneSentMail(sql: Sql, before: Date): number {
  const sentOn = MAILS.column('sentOn');
  return statement(sql, `DELETE FROM ${MAILS.name} WHERE ${sentOn} IS NOT NULL AND ${sentOn} < ?`).run(before.toISOString()).changes;
}

/** The unsent mail: never tried yet (pending), tried and failed (failing), and the latest failure among them. */
export function queueSummary(sql: Sql): MailQueueSummary {
  const [attempts, sentOn, lastError, lastErrorOn] = [MAILS.column('attempts'), MAILS.column('sentOn'), MAILS.column('lastError'), MAILS.column('lastErrorOn')];
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
