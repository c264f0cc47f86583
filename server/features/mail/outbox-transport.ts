import fs from 'node:fs/promises';
import path from 'node:path';
import type { MailTransport } from './mail-message';

/**
 * Writes each mail as a complete RFC 822 message (.eml, opens in any mail client) into `outboxDir`.
 * The folder is made on demand, owner-only: the mails hold invitation and password-reset links.
 *
 * A mail's file is named by its queue row, so a mail written again after a crash (written, not yet recorded
 * as sent) replaces its own copy: the outbox holds each mail once.
 */
export function outboxTransport(outboxDir: string): MailTransport {
  let folderMade: Promise<unknown> | null = null;
  const write = async (file: string, message: Buffer) => {
    // Written aside, then renamed: whoever watches the folder never opens half a mail.
    await fs.writeFile(`${file}.tmp`, message, { mode: 0o600 });
    await fs.rename(`${file}.tmp`, file);
  };
  return {
    async send(mail) {
      // Made once, not for every mail (a newsletter is thousands), and again should someone remove it.
      folderMade ??= fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
      await folderMade;
      const file = path.join(outboxDir, outboxFileName(mail.queuedOn, mail.id));
      try {
        await write(file, mail.message);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        folderMade = null;
        await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
        await write(file, mail.message);
      }
    },
  };
}

/** `2026-11-22T06-10-00-123Z-000000000042.eml`: sorts by the time queued, valid on every file system, one per mail. */
export function outboxFileName(queuedOn: string, id: number): string {
  return `${queuedOn.replace(/[:.]/g, '-')}-${String(id).padStart(12, '0')}.eml`;
}
