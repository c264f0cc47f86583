// Helpers for tests of the club's mail: a database with just the mail table, a real SMTP server, and
// (from mail-reader.ts, which the browser tests share) a message reader.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SMTPServer } from 'smtp-server';
import { DataSource } from 'typeorm';
import { Mail1732270000000 } from '../db/migrations/1732270000000-mail';
import { MailAttachments1732350000000 } from '../db/migrations/1732350000000-mail-attachments';
import { MailErrorTime1732360000000 } from '../db/migrations/1732360000000-mail-error-time';
import { MailQueue, type MailQueueOptions } from '../features/mail/mail-queue';
import { createMailTransport } from '../features/mail/mail-transport';

export { parseMail, passwordResetPath, waitForMail } from './mail-reader';

/** How many mails to `to` a club has queued, sent or not: what it chose to send, whatever the delivery. */
export function queuedMailCount(club: { dataDir: string }, to: string): number {
  const db = new Database(path.join(club.dataDir, 'bookclub.db'), { readonly: true });
  try {
    return (db.prepare(`SELECT COUNT(*) AS "n" FROM "mail" WHERE "to" = ?`).get(to) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** How many mails a club has queued and not yet sent. */
export function unsentMailCount(club: { dataDir: string }): number {
  const db = new Database(path.join(club.dataDir, 'bookclub.db'), { readonly: true });
  try {
    return (db.prepare(`SELECT COUNT(*) AS "n" FROM "mail" WHERE "sentOn" IS NULL`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-mail-'));
}

/** The mail table alone, migrated, on a SQLite file that a second call can reopen (a restart). */
export async function openMailDb(file: string): Promise<DataSource> {
  const db = new DataSource({
    type: 'better-sqlite3',
    database: file,
    migrations: [Mail1732270000000, MailAttachments1732350000000, MailErrorTime1732360000000],
    migrationsTransactionMode: 'each',
    enableWAL: true,
    synchronize: false,
    logging: false,
  });
  await db.initialize();
  await db.runMigrations();
  return db;
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Mails it holds without an answer (past `acceptAtMost`): on their way, for the sender. */
  held(): number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1, plain text (no TLS, no login), keeping every message it accepts. Past
 * `acceptAtMost` messages it stops answering: each further one is held, neither accepted nor refused.
 */
export async function startSmtpSink(port = 0, { acceptAtMost = Infinity }: { acceptAtMost?: number } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let held = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (received.length >= acceptAtMost) return void held++;
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  // A sender killed mid-mail (the kill -9 tests) resets its connection: nothing to report.
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received,
    held: () => held,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The From of mail sent by the queues tests start. */
export const TEST_MAIL_FROM = '"Knižný klub" <bookclub@club.test>';

/**
 * A mail queue on its own database file, as a server runs one: over SMTP to `smtpUrl`, or into `outboxDir`
 * without one. `close` stops the queue and closes the file, once; `cleanup` gets it so a test never leaves
 * one running.
 */
export async function startMailQueue(
  file: string,
  { smtpUrl, outboxDir = '/nonexistent', ...options }: { smtpUrl: string | null; outboxDir?: string } & Partial<MailQueueOptions>,
  cleanup: (() => Promise<void>)[],
) {
  const db = await openMailDb(file);
  const queue = new MailQueue(db, { transport: createMailTransport({ smtpUrl, outboxDir }), from: TEST_MAIL_FROM, log: () => {}, ...options });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await queue.stop();
    await db.destroy();
  };
  cleanup.push(close);
  return { db, queue, close };
}
