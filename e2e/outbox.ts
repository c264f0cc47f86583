import fs from 'node:fs';
import path from 'node:path';
import type { ClubServer } from './club-server';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** A quoted-printable body as text: soft line breaks (`=` at a line's end) joined, `=XX` bytes decoded as UTF-8. */
export function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** One .eml from the outbox (the server writes mail there when it has no SMTP_URL): headers and plain text. */
function readMail(file: string): OutboxMail {
  const raw = fs.readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const headerEnd = raw.indexOf('\n\n');
  const headers = raw.slice(0, headerEnd).replace(/\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  let body = raw.slice(headerEnd + 2);
  let encoding = header('Content-Transfer-Encoding').toLowerCase();
  // A multipart mail: its text/plain part.
  const boundary = /boundary="?([^";]+)"?/i.exec(header('Content-Type'))?.[1];
  if (boundary) {
    const part = body.split(`--${boundary}`).find((p) => /content-type:\s*text\/plain/i.test(p)) ?? '';
    const partHeaderEnd = part.indexOf('\n\n');
    encoding = /content-transfer-encoding:\s*(\S+)/i.exec(part.slice(0, partHeaderEnd))?.[1]?.toLowerCase() ?? '';
    body = part.slice(partHeaderEnd + 2);
  }
  const text =
    encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body;
  return { file, to: header('To'), subject: header('Subject'), text };
}

function outboxMails(club: ClubServer): OutboxMail[] {
  const dir = path.join(club.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  // Names start with the time they were written: sorted, the newest is last.
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readMail(path.join(dir, name)));
}

/** How many mails to `to` the outbox holds now. */
export function mailCount(club: ClubServer, to: string): number {
  return outboxMails(club).filter((mail) => mail.to.includes(to)).length;
}

/**
 * The newest mail to `to`, waiting for it: mail is queued and sent in the background. `after` skips the
 * mails that were there before (a second reset mail, say).
 */
export async function waitForMail(club: ClubServer, to: string, options: { after?: number; timeoutMs?: number } = {}): Promise<OutboxMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const mails = outboxMails(club).filter((mail) => mail.to.includes(to));
    if (mails.length > (options.after ?? 0)) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${path.join(club.dataDir, 'outbox')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The set-password link in an invitation or reset mail, as a path in the app (/passwordreset/{userId}/{token}). */
export function passwordResetPath(mail: OutboxMail): string {
  const link = /https?:\/\/\S+\/passwordreset\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no /passwordreset/ link in the mail:\n${mail.text}`);
  return new URL(link).pathname;
}
