import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMail, tempDir } from '../../test-support/mail';
import { composeMessage } from './mail-mime';
import { createMailTransport } from './mail-transport';
import { outboxFileName } from './outbox-transport';

const LINK = 'http://localhost:8080/passwordreset/6f1c2a9e-8d7b-4c3a-9e51-2b7f0d4c8a11/Qm9va2NsdWIgcmVzZXQgdG9rZW4gZm9yIHRlc3Rz';

describe('the outbox, without SMTP_URL', () => {
  it('writes each mail as a readable .eml into the outbox folder, made on demand', async () => {
    const outboxDir = path.join(tempDir(), 'outbox');
    const transport = createMailTransport({ smtpUrl: null, outboxDir });
    const mail = {
      from: '"Test Club" <bookclub@localhost>',
      to: 'ann@club.test',
      subject: 'Reset your password',
      text: `Open this link to choose a new password:\n${LINK}`,
      html: `<p>Open <a href="${LINK}">this link</a> to choose a new password.</p>`,
      messageKey: 'm1',
      date: new Date(),
    };
    const queuedOn = '2026-11-22T06:10:00.123Z';
    await transport.send({ id: 1, queuedOn, from: 'bookclub@localhost', to: mail.to, message: composeMessage(mail) });
    const toBob = { id: 2, queuedOn, from: 'bookclub@localhost', to: 'bob@club.test', message: composeMessage({ ...mail, to: 'bob@club.test', html: null }) };
    await transport.send(toBob);
    // Written again (a crash came between writing it and recording it sent): the same file, not a second one.
    await transport.send(toBob);

    const files = fs.readdirSync(outboxDir).sort();
    expect(files).toEqual(['2026-11-22T06-10-00-123Z-000000000001.eml', '2026-11-22T06-10-00-123Z-000000000002.eml']);
    expect(fs.statSync(outboxDir).mode & 0o077).toBe(0);

    const first = parseMail(fs.readFileSync(path.join(outboxDir, files[0]!), 'utf8'));
    expect(first.headers.get('to')).toBe('ann@club.test');
    expect(first.headers.get('subject')).toBe('Reset your password');
    expect(first.headers.get('date')).toBeTruthy();
    expect(first.text).toContain(LINK);
    expect(first.html).toContain(`href="${LINK}"`);
    const second = parseMail(fs.readFileSync(path.join(outboxDir, files[1]!), 'utf8'));
    expect(second.headers.get('to')).toBe('bob@club.test');
    expect(second.html).toBeUndefined();
  });

  it('names files so they sort by the time queued, then by the queue', () => {
    const names = [
      ['2026-11-22T06:10:00.123Z', 9],
      ['2026-11-22T06:10:00.123Z', 10],
      ['2026-11-22T06:10:09.001Z', 2],
      ['2026-11-22T16:00:00.000Z', 1],
    ].map(([queuedOn, id]) => outboxFileName(queuedOn as string, id as number));
    expect(names[0]).toBe('2026-11-22T06-10-00-123Z-000000000009.eml');
    expect([...names].reverse().sort()).toEqual(names);
  });
});
