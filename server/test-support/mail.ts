// Helpers for tests of the club's mail: a database with just the mail table, a real SMTP server, a message reader.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { DataSource } from 'typeorm';
import { Mail1732270000000 } from '../db/migrations/1732270000000-mail';
import { MailEntity } from '../features/mail/mail.entity';

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-mail-'));
}

/** The mail table alone, migrated, on a SQLite file that a second call can reopen (a restart). */
export async function openMailDb(file: string): Promise<DataSource> {
  const db = new DataSource({
    type: 'better-sqlite3',
    database: file,
    entities: [MailEntity],
    migrations: [Mail1732270000000],
    migrationsTransactionMode: 'each',
    enableWAL: true,
    synchronize: false,
    logging: false,
  });
  await db.initialize();
  await db.runMigrations();
  return db;
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1, plain text (no TLS, no login), keeping every message it accepts. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

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
    const parts = body.split(`--${boundary}`).slice(1, -1).map((part) => parseMail(part.replace(/^\r?\n/, '')));
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

export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, ''); // soft line breaks
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
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
