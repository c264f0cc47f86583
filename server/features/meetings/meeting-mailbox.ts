import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import ICAL from 'ical.js';
import { statement } from '../../db/table';
import { attachmentsOf, type ReadAttachment } from '../../test-support/mail-attachments';
import { parseMail } from '../../test-support/mail-reader';
import { mailTable } from '../mail';

// What a meetings test reads of the club's mail: every .eml the club wrote to its outbox (a test club has
// no SMTP_URL), with its attachments, and the .ics attached read back with ical.js.

export interface ReceivedMail {
  to: string;
  subject: string;
  /** The plain text, lines ending in \n. */
  text: string;
  attachments: ReadAttachment[];
}

function readOutbox(dataDir: string): ReceivedMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const raw = fs.readFileSync(path.join(dir, name), 'utf8');
      const mail = parseMail(raw);
      return {
        to: mail.headers.get('to') ?? '',
        subject: mail.headers.get('subject') ?? '',
        text: (mail.text ?? '').replace(/\r\n/g, '\n'),
        attachments: attachmentsOf(raw),
      };
    });
}

function queueState(dataDir: string): { queued: number; unsent: number } {
  const db = new Database(path.join(dataDir, 'bookclub.db'), { readonly: true });
  try {
    const [queued, unsent] = statement(db, `SELECT COUNT(*), COUNT(*) - COUNT(${mailTable.column('sentOn')}) FROM ${mailTable.name}`)
      .raw()
      .get() as [number, number];
    return { queued, unsent };
  } finally {
    db.close();
  }
}

/**
 * Every mail the club has sent to its outbox, once the club is quiet: what it queues after answering (the
 * newsletter) or on its schedule has been queued and written, and nothing more came for a moment.
 */
export async function settledOutbox(dataDir: string): Promise<ReceivedMail[]> {
  const deadline = Date.now() + 10_000;
  let before = -1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const { queued, unsent } = queueState(dataDir);
    const mails = readOutbox(dataDir);
    if ((unsent === 0 && mails.length === queued && queued === before) || Date.now() > deadline) return mails;
    before = queued;
  }
}

export interface AttachedEvent {
  method: string | null;
  /** How many events the file holds. */
  events: number;
  uid: string;
  sequence: number;
  status: string | null;
  start: string;
}

/** The calendar a mail attached, read back with ical.js (a parser independent of the one that wrote it). */
export function attachedEvent(attachment: ReadAttachment): AttachedEvent {
  const calendar = new ICAL.Component(ICAL.parse(attachment.content) as unknown[]);
  const vevents = calendar.getAllSubcomponents('vevent');
  const event = new ICAL.Event(vevents[0]);
  const method = calendar.getFirstPropertyValue('method');
  const status = vevents[0]!.getFirstPropertyValue('status');
  return {
    method: method === null ? null : String(method),
    events: vevents.length,
    uid: event.uid,
    sequence: event.sequence,
    status: status === null ? null : String(status),
    start: event.startDate.toJSDate().toISOString(),
  };
}
