import fs from 'node:fs';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteOf } from '../../db/data-source';
import { Mail1732270000000 } from '../../db/migrations/1732270000000-mail';
import { findRows, insertRow } from '../../db/table';
import { parseMail, startMailQueue, startSmtpSink, tempDir } from '../../test-support/mail';
import { attachmentsOf } from '../../test-support/mail-attachments';
import { mailTable } from './mail.entity';
import type { OutgoingMail } from './mail-message';

// A mail may carry files (a meeting's .ics): they are kept in the queue's row with the mail, so they go
// out after a restart too, by SMTP and into the .eml outbox alike.

const CALENDAR = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'METHOD:PUBLISH',
  'BEGIN:VEVENT',
  'UID:meeting-7@club.test',
  'SEQUENCE:2',
  'SUMMARY:Stretnutie: Čítať v lete',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');
const INVITE_TO_MEETING: OutgoingMail = {
  to: 'ann@club.test',
  subject: 'Nové stretnutie',
  text: 'Stretneme sa v kaviarni.',
  attachments: [{ filename: 'meeting-7.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: CALENDAR }],
};

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const queueOn = (file: string, smtpUrl: string | null, outboxDir?: string) => startMailQueue(file, { smtpUrl, outboxDir }, cleanup);

describe('attachments', () => {
  it('are kept in the queue across a restart and delivered by SMTP with their name, type and content', async () => {
    const smtp = await startSmtpSink();
    cleanup.push(() => smtp.close());
    const file = path.join(tempDir(), 'bookclub.db');
    const first = await queueOn(file, smtp.url);
    first.queue.enqueue([INVITE_TO_MEETING, { to: 'ben@club.test', subject: 'Without', text: 'No file here.' }]);
    const queued = findRows(sqliteOf(first.db), mailTable, 'all', { orderBy: 'id' });
    expect(queued.map((row) => row.attachments && JSON.parse(row.attachments))).toEqual([INVITE_TO_MEETING.attachments, null]);
    await first.close();

    const restarted = await queueOn(file, smtp.url);
    expect(await restarted.queue.flush()).toBe(2);
    const [withFile, without] = smtp.received;
    expect(withFile!.to).toEqual(['ann@club.test']);
    expect(parseMail(withFile!.raw).text).toBe('Stretneme sa v kaviarni.');
    expect(attachmentsOf(withFile!.raw)).toEqual([
      { filename: 'meeting-7.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH; name=meeting-7.ics', content: CALENDAR },
    ]);
    expect(parseMail(without!.raw).headers.get('content-type')).toMatch(/^text\/plain/);
    expect(attachmentsOf(without!.raw)).toEqual([]);
    // Once sent, the file goes with the body.
    expect(findRows(sqliteOf(restarted.db), mailTable, 'all').map((row) => [row.attachments, row.sentOn !== null])).toEqual([
      [null, true],
      [null, true],
    ]);
  });

  it('are written into the .eml of the outbox, without SMTP_URL', async () => {
    const outboxDir = path.join(tempDir(), 'outbox');
    const { queue } = await queueOn(path.join(tempDir(), 'bookclub.db'), null, outboxDir);
    queue.enqueue([INVITE_TO_MEETING]);
    expect(await queue.flush()).toBe(1);
    const [name] = fs.readdirSync(outboxDir);
    const raw = fs.readFileSync(path.join(outboxDir, name!), 'utf8');
    expect(parseMail(raw).headers.get('content-type')).toMatch(/^multipart\/mixed/);
    expect(parseMail(raw).text).toBe('Stretneme sa v kaviarni.');
    expect(attachmentsOf(raw)).toEqual([expect.objectContaining({ filename: 'meeting-7.ics', content: CALENDAR })]);
  });

  it('mail queued before the club kept attachments still sends, after the upgrade, as it was', async () => {
    const smtp = await startSmtpSink();
    cleanup.push(() => smtp.close());
    const file = path.join(tempDir(), 'bookclub.db');
    // The mail table as the previous version left it, with a mail still waiting.
    const old = new DataSource({ type: 'better-sqlite3', database: file, migrations: [Mail1732270000000], synchronize: false, logging: false });
    await old.initialize();
    await old.runMigrations();
    // Only the columns that table had: no attachments.
    insertRow(sqliteOf(old), mailTable, {
      to: 'ann@club.test',
      subject: 'You are invited',
      text: 'Set your password here.',
      html: null,
      createdOn: '2026-10-01T08:00:00.000Z',
      attempts: 0,
      nextAttemptOn: '2026-10-01T08:00:00.000Z',
    });
    await old.destroy();

    const upgraded = await queueOn(file, smtp.url);
    expect(await upgraded.queue.flush()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(parseMail(smtp.received[0]!.raw).text).toBe('Set your password here.');
    expect(attachmentsOf(smtp.received[0]!.raw)).toEqual([]);
  });
});
