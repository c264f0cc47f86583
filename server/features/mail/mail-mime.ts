import crypto from 'node:crypto';
import addressparser from 'nodemailer/lib/addressparser';
import * as base64 from 'nodemailer/lib/base64';
import * as mimeFuncs from 'nodemailer/lib/mime-funcs';
import MimeNode from 'nodemailer/lib/mime-node';
import * as qp from 'nodemailer/lib/qp';
import type { MailAttachment } from '../../mail-outbox';

/** A mail as the queue hands it over to be written: who from (a whole From header), to whom, what. */
export interface MailToCompose {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: readonly MailAttachment[] | null;
  /** The Message-ID's left part, the same every time this mail is tried, so a copy sent twice is known as one. */
  messageKey: string;
  date: Date;
}

const LINE = 76;
const PLAIN_ADDRESS = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)*$/;

/**
 * Writes a mail as RFC 5322 bytes, as nodemailer's composer would (its own encoders do the header words,
 * quoted-printable and base64), but without the stream machinery its composer builds for every message:
 * that was a millisecond of CPU a mail, most of what a newsletter to a thousand members cost.
 */
export function composeMessage(mail: MailToCompose): Buffer {
  const headers = [
    sameAsLast.from(mail.from),
    // A plain address is written as it is (as nodemailer would); its address parser is for anything else.
    PLAIN_ADDRESS.test(mail.to) ? `To: ${mail.to}` : header('To', mail.to),
    sameAsLast.subject(mail.subject),
    // Both are ours and plain ASCII: written as they are.
    `Message-ID: <${mail.messageKey}@${sameAsLast.domain(mail.from)}>`,
    `Date: ${mail.date.toUTCString().replace(/GMT$/, '+0000')}`,
    'MIME-Version: 1.0',
  ];
  const text = textPart('text/plain; charset=utf-8', mail.text);
  const body = mail.html ? multipart('alternative', [text, textPart('text/html; charset=utf-8', mail.html)]) : text;
  const attachments = mail.attachments ?? [];
  const whole = attachments.length > 0 ? multipart('mixed', [body, ...attachments.map(attachmentPart)]) : body;
  return Buffer.from(`${headers.join('\r\n')}\r\n${whole}`, 'utf8');
}

/** The address alone, for the SMTP envelope: `bookclub@club.example.org` of `"Club" <bookclub@club.example.org>`. */
export function envelopeAddress(value: string): string {
  const [first] = addressparser(value, { flatten: true });
  return first?.address || value;
}

function header(key: string, value: string): string {
  return mimeFuncs.foldLines(`${key}: ${MimeNode.encodeHeaderValue(key, value)}`, LINE);
}

/** `write(value)`, worked out again only when the value changed: the club's mails share a From, a newsletter's its Subject. */
function lastOf(write: (value: string) => string): (value: string) => string {
  let last: { value: string; written: string } | undefined;
  return (value) => {
    if (last?.value !== value) last = { value, written: write(value) };
    return last.written;
  };
}

const sameAsLast = {
  from: lastOf((from) => header('From', from)),
  domain: lastOf((from) => envelopeAddress(from).split('@').pop() || 'localhost'),
  subject: lastOf((subject) => header('Subject', subject)),
};

/** One MIME part, its headers and its body, ending in CRLF. */
interface Part {
  headers: string[];
  body: string;
}

function render(part: Part): string {
  return `${part.headers.join('\r\n')}\r\n\r\n${part.body}\r\n`;
}

function textPart(contentType: string, content: string): string {
  const lines = content.replace(/\r?\n|\r/g, '\r\n');
  // Plain short-lined ASCII goes as it is; anything else quoted-printable, which keeps it readable.
  const plain = mimeFuncs.isPlainText(lines) && !mimeFuncs.hasLongerLines(lines, LINE);
  return render({
    headers: [`Content-Type: ${contentType}`, `Content-Transfer-Encoding: ${plain ? '7bit' : 'quoted-printable'}`],
    body: plain ? lines : qp.wrap(qp.encode(lines), LINE),
  });
}

function attachmentPart(attachment: MailAttachment): string {
  const type = mimeFuncs.parseHeaderValue(attachment.contentType, { stripComments: true });
  return render({
    headers: [
      mimeFuncs.foldLines(`Content-Type: ${mimeFuncs.buildHeaderValue({ value: type.value, params: { ...type.params, name: attachment.filename } })}`, LINE),
      'Content-Transfer-Encoding: base64',
      mimeFuncs.foldLines(`Content-Disposition: ${mimeFuncs.buildHeaderValue({ value: 'attachment', params: { filename: attachment.filename } })}`, LINE),
    ],
    body: base64.wrap(base64.encode(Buffer.from(attachment.content, 'utf8')), LINE),
  });
}

/** Parts (each rendered with its headers) inside a multipart of `kind`, itself rendered as a part. */
function multipart(kind: 'mixed' | 'alternative', parts: string[]): string {
  const boundary = `--_Bookclub-${crypto.randomBytes(8).toString('hex')}`;
  return render({
    headers: [`Content-Type: multipart/${kind}; boundary="${boundary}"`],
    body: `${parts.map((part) => `--${boundary}\r\n${part}`).join('')}--${boundary}--`,
  });
}
