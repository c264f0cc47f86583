import fs from 'node:fs';
import path from 'node:path';
import type { MailTransport } from './mail-message';

/**
 * Writes each mail as a complete RFC 822 message (.eml, opens in any mail client) into `outboxDir`.
 * The folder is made on demand, owner-only: the mails hold invitation and password-reset links.
 *
 * A mail's file is named by its queue row, so a mail written again after a crash (written, not yet recorded
 * as sent) replaces its own copy: the outbox holds each mail once.
 *
 * The file is written synchronously: a kilobyte to a local disk takes a tenth of a millisecond that way,
 * and six times the CPU through fs/promises (a file handle and three trips to the thread pool), which a
 * newsletter to a thousand members paid a thousand times.
 */
export function outboxTransport(outboxDir: string): MailTransport {
  let folderMade = false;
  const write = (file: string, message: Buffer) => {
    // Written aside, then renamed: whoever watches the folder never opens half a mail.
    fs.writeFileSync(`${file}.tmp`, message, { mode: 0o600 });
    fs.renameSync(`${file}.tmp`, file);
  };
  return {
    async send(mail) {
      const file = path.join(outboxDir, outboxFileName(mail.queuedOn, mail.id));
      // Made once, not for every mail, and again should someone remove it.
      if (!folderMade) fs.mkdirSync(outboxDir, { recursive: true, mode: 0o700 });
      folderMade = true;
      try {
        write(file, mail.message);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        fs.mkdirSync(outboxDir, { recursive: true, mode: 0o700 });
        write(file, mail.message);
      }
    },
  };
}

/** `2026-11-22T06-10-00-123Z-000000000042.eml`: sorts by the time queued, valid on every file system, one per mail. */
export function outboxFileName(queuedOn: string, id: number): string {
  return `${queuedOn.replace(/[:.]/g, '-')}-${String(id).padStart(12, '0')}.eml`;
}
