import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMail, startMailQueue, startSmtpSink, tempDir, type SmtpSink } from '../../test-support/mail';
import { sqliteOf } from '../../db/data-source';
import { findRows } from '../../db/table';
import { mailTable } from './mail.entity';
import type { MailQueueOptions } from './mail-queue';
import { createMailTransport } from './mail-transport';

const LINK = 'http://club.test:8080/passwordreset/6f1c2a9e-8d7b-4c3a-9e51-2b7f0d4c8a11/Qm9va2NsdWIgcmVzZXQgdG9rZW4gZm9yIHRlc3Rz';
const INVITATION = {
  to: 'ann@club.test',
  subject: 'Pozvánka do klubu',
  text: `Hello Ann,\n\nyou are invited to the club. Set your password here:\n${LINK}\n\nSee you there!`,
};

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function sink(port?: number): Promise<SmtpSink> {
  const server = await startSmtpSink(port);
  cleanup.push(() => server.close());
  return server;
}

/** The app's side: its database on `file` and a queue sending to `smtpUrl`. */
const app = (file: string, smtpUrl: string, options: Partial<MailQueueOptions> = {}) => startMailQueue(file, { smtpUrl, ...options }, cleanup);

describe('mail over SMTP', () => {
  it('delivers a queued mail with its subject, recipient and text', async () => {
    const smtp = await sink();
    const { queue } = await app(path.join(tempDir(), 'bookclub.db'), smtp.url);
    queue.enqueue([INVITATION]);
    expect(await queue.flush()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received!.to).toEqual(['ann@club.test']);
    expect(received!.from).toBe('bookclub@club.test');
    const mail = parseMail(received!.raw);
    expect(mail.headers.get('subject')).toBe('Pozvánka do klubu');
    expect(mail.headers.get('to')).toBe('ann@club.test');
    expect(mail.headers.get('from')).toBe('Knižný klub <bookclub@club.test>');
    expect(mail.text).toBe(INVITATION.text.replace(/\n/g, '\r\n'));
    expect(mail.text).toContain(LINK);
  });

  it('a mail server that is down delays mail: never fails or slows the request, loses nothing, sends once', async () => {
    // A port that was just a mail server's and now refuses connections.
    const down = await startSmtpSink();
    await down.close();
    const file = path.join(tempDir(), 'bookclub.db');
    let reportFailure!: (message: string) => void;
    const failure = new Promise<string>((resolve) => (reportFailure = resolve));

    const first = await app(file, down.url, { log: reportFailure });
    first.queue.start();
    const started = performance.now();
    expect(() => first.queue.enqueue([INVITATION])).not.toThrow();
    expect(performance.now() - started).toBeLessThan(50);

    // The worker's try fails in the background and is recorded.
    expect(await failure).toMatch(/^Mail 1 not sent \(try 1\), next try in 30 s: .*ECONNREFUSED/);
    const [failed] = findRows(sqliteOf(first.db), mailTable, 'all');
    expect(failed).toMatchObject({ to: 'ann@club.test', attempts: 1, sentOn: null });
    expect(failed!.lastError).toMatch(/ECONNREFUSED/);

    // Restart: the app goes, a new one opens the same database, and the mail server is back. A restart
    // does not wait out the 30 s back-off: the host may have restarted just to fix the mail settings.
    await first.close();
    const smtp = await sink(down.port);
    const restarted = await app(file, smtp.url);
    expect(await restarted.queue.flush()).toBe(1);
    expect(await restarted.queue.flush()).toBe(0);

    expect(smtp.received).toHaveLength(1);
    expect(parseMail(smtp.received[0]!.raw).text).toContain(LINK);
    const [sent] = findRows(sqliteOf(restarted.db), mailTable, 'all');
    expect(sent).toMatchObject({ attempts: 2, lastError: failed!.lastError });
    expect(sent!.sentOn).not.toBeNull();
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps://, without echoing it', () => {
    expect(() => createMailTransport({ smtpUrl: 'http://user:secret@mail.test', outboxDir: '/x' })).toThrow(/^SMTP_URL must look like/);
    expect(() => createMailTransport({ smtpUrl: 'http://user:secret@mail.test', outboxDir: '/x' })).not.toThrow(/secret/);
  });
});
