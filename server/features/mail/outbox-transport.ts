import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { type MailTransport, toNodemailerMessage } from './mail-message';

/**
 * Writes each mail as a complete RFC 822 message (.eml, opens in any mail client) into `outboxDir`.
 * The folder is made on demand, owner-only: the mails hold invitation and password-reset links.
 */
export function outboxTransport(outboxDir: string): MailTransport {
  let composer: Transporter | undefined;
  return {
    async send(mail) {
      // nodemailer builds the message exactly as it would for SMTP (headers, encodings, alternatives), into a
      // Buffer; it is loaded with the first mail, not at start.
      composer ??= (await import('nodemailer')).default.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
      const { message } = await composer.sendMail(toNodemailerMessage(mail));
      await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(outboxDir, outboxFileName(new Date()));
      // Written aside, then renamed: whoever watches the folder never opens half a mail.
      await fs.writeFile(`${file}.tmp`, message as Buffer, { mode: 0o600, flag: 'wx' });
      await fs.rename(`${file}.tmp`, file);
    },
  };
}

/** `2026-11-22T06-10-00-123Z-1a2b3c4d.eml`: sorts by time, valid on every file system, never collides. */
export function outboxFileName(at: Date): string {
  return `${at.toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
}
