import fs from 'node:fs';
import path from 'node:path';
import { parseMail } from '../server/test-support/mail-reader';
import type { ClubServer } from './club-server';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

/** One .eml from the outbox (the server writes mail there when it has no SMTP_URL): headers and plain text, lines ending in \n. */
function readMail(file: string): OutboxMail {
  const mail = parseMail(fs.readFileSync(file, 'utf8'));
  return { file, to: mail.headers.get('to') ?? '', subject: mail.headers.get('subject') ?? '', text: (mail.text ?? '').replace(/\r\n/g, '\n') };
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
