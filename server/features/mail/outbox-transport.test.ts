import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMail, tempDir } from '../../test-support/mail';
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
    };
    await transport.send(mail);
    await transport.send({ ...mail, to: 'bob@club.test', html: null });

    const files = fs.readdirSync(outboxDir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{8}\.eml$/.test(f))).toBe(true);
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

  it('names files so they sort by time', () => {
    const names = ['2026-11-22T06:10:00.123Z', '2026-11-22T06:10:09.001Z', '2026-11-22T16:00:00.000Z'].map((t) => outboxFileName(new Date(t)));
    expect(names[0]).toMatch(/^2026-11-22T06-10-00-123Z-[0-9a-f]{8}\.eml$/);
    expect([...names].reverse().sort()).toEqual(names);
  });
});
