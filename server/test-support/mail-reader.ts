// Reads a mail as nodemailer writes it, from an SMTP session or an .eml in the outbox, and a club's outbox
// itself. Node only, no other imports: the server's tests and the browser tests both read mail with it.
import fs from 'node:fs';
import path from 'node:path';

export interface ParsedMail {
  headers: Map<string, string>;
  /** The text/plain and text/html bodies, transfer encoding undone. */
  text?: string;
  html?: string;
}

/** Just enough of RFC 822/MIME to read what nodemailer writes (mailparser is not available here). */
export function parseMail(raw: string): ParsedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split);
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1, -1)
      .map((part) => parseMail(part.replace(/^\r?\n/, '')));
    return { headers, text: parts.find((p) => p.text !== undefined)?.text, html: parts.find((p) => p.html !== undefined)?.html };
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding') ?? '7bit');
  return type.startsWith('text/html') ? { headers, html: decoded } : { headers, text: decoded };
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body.replace(/\r?\n$/, '');
  return decodeQuotedPrintable(body.replace(/\r?\n$/, ''));
}

/** A quoted-printable text: soft line breaks (`=` at a line's end) joined, `=XX` bytes decoded as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
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

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as in a non-ASCII subject. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** A club's data folder: a test server's or a browser test's club. */
interface ClubData {
  dataDir: string;
}

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

function outboxMails(club: ClubData): OutboxMail[] {
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
export function mailCount(club: ClubData, to: string): number {
  return outboxMails(club).filter((mail) => mail.to.includes(to)).length;
}

/**
 * The newest mail to `to`, waiting for it: mail is queued and sent in the background. `after` skips the
 * mails that were there before (a second reset mail, say).
 */
export async function waitForMail(club: ClubData, to: string, options: { after?: number; timeoutMs?: number } = {}): Promise<OutboxMail> {
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
