import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Round } from '../../../shared/api/rounds';
import { parseMail, startSmtpSink, type SmtpSink } from '../../test-support/mail';
import { addMember } from '../../test-support/members';
import { bookSuggestion } from '../../test-support/round-helpers';
import { bundleServer, killAll, startServerProcess, type ServerBundle } from '../../test-support/server-process';
import { ADMIN, setUpClub } from '../../test-support/test-server';

/**
 * A burst of newsletters (some 400 mails) in a club of sixty members, the server killed with SIGKILL while it is
 * sending them, and started again: every member gets each mail once, in their language. The server runs in
 * a child process (test-support/server-process.ts) so it can really be killed.
 * The mail server stops answering part-way, so mails are on their way (sent, not yet accepted) at the kill.
 */

const MEMBERS = 60;
const POSTERS = 5;
/** The mail server accepts this many, then holds every mail after without answering. */
const ACCEPT_BEFORE_HOLDING = 100;

const ENTRY = `
import { startServer } from './start-server';
const server = await startServer({
  dataDir: process.env.BOOKCLUB_BURST_DATA_DIR,
  smtpUrl: process.env.BOOKCLUB_BURST_SMTP_URL,
  port: 0,
  host: '127.0.0.1',
  siteName: 'Burst Club',
  publicUrl: 'https://club.example.org',
  defaultLanguage: 'en',
  matrixRoomLink: null,
  rendererDir: null,
  quiet: true,
  backupsKept: 0,
});
console.log(JSON.stringify({ listening: server.port }));
`;

let bundle: ServerBundle;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-burst-'));
const sinks: SmtpSink[] = [];

beforeAll(async () => {
  bundle = await bundleServer('burst', ENTRY);
});

afterAll(async () => {
  await killAll();
  for (const sink of sinks) await sink.close();
  bundle?.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A mail server (test-support/mail.ts's sink, closed after the tests); past `acceptAtMost` it holds mails unanswered. */
async function mailServer(acceptAtMost?: number): Promise<SmtpSink> {
  const sink = await startSmtpSink(0, { acceptAtMost });
  sinks.push(sink);
  return sink;
}

/** What a mail server accepted: each mail's recipient and subject. */
const accepted = (sink: SmtpSink) => sink.received.map((mail) => ({ to: mail.to[0]!, subject: parseMail(mail.raw).headers.get('subject')! }));

/** Starts the bundled server on the data folder, sending to `smtpPort`; answers once it listens. */
const startChild = (smtpPort: number) =>
  startServerProcess(bundle, dataDir, { BOOKCLUB_BURST_DATA_DIR: dataDir, BOOKCLUB_BURST_SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });

/** MEMBERS members on allevents, every second reading Slovak, written in one transaction; answers their languages by email. */
function addSubscribers(): Map<string, 'en' | 'sk'> {
  const sql = new Database(path.join(dataDir, 'bookclub.db'));
  const languages = new Map<string, 'en' | 'sk'>();
  try {
    const addUser = sql.prepare(`INSERT INTO "user" ("id", "email", "name", "language") VALUES (?, ?, ?, ?)`);
    const subscribe = sql.prepare(`INSERT INTO "newsletter_subscription" ("userId", "newsletter") VALUES (?, 'allevents')`);
    sql.transaction(() => {
      for (let i = 0; i < MEMBERS; i++) {
        const id = crypto.randomUUID();
        const language = i % 2 === 0 ? 'en' : 'sk';
        addUser.run(id, `reader${i}@club.test`, `Reader ${i}`, language);
        subscribe.run(id);
        languages.set(`reader${i}@club.test`, language);
      }
    })();
  } finally {
    sql.close();
  }
  return languages;
}

it('a burst killed mid-drain (kill -9) is sent in full after the restart: each member each mail once, in their language', async () => {
  const holding = await mailServer(ACCEPT_BEFORE_HOLDING);
  const first = await startChild(holding.port);
  const moderator = await setUpClub(first.club);
  const languages = addSubscribers();
  const posters = await Promise.all(Array.from({ length: POSTERS }, (_, k) => addMember(first.club, { name: `Poster ${k}` })));
  for (const poster of posters) {
    expect((await first.club.call('POST', '/api/newsletters/allevents/subscribe', { token: poster.token })).status).toBe(200);
    languages.set(poster.email, 'en');
  }

  const round = await first.club.call<Round>('POST', '/api/rounds', { token: moderator, body: { topic: 'Books', title: 'Burst' } });
  expect(round.status).toBe(200);
  for (const [k, poster] of posters.entries()) {
    const posted = await first.club.call('POST', `/api/discussions/${round.body.bookDiscussionId}`, { token: poster.token, body: bookSuggestion(`Book ${k}`) });
    expect(posted.status).toBe(200);
  }
  // Kill once the mail server holds mails on their way, and what it accepted has had time to be recorded.
  await expect.poll(() => holding.held(), { timeout: 20_000, interval: 50 }).toBeGreaterThan(0);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const exited = new Promise((resolve) => first.child.once('exit', resolve));
  first.child.kill('SIGKILL');
  await exited;
  expect(holding.received).toHaveLength(ACCEPT_BEFORE_HOLDING);

  const answering = await mailServer();
  await startChild(answering.port);
  const readers = MEMBERS + POSTERS;
  // The round to everyone, the first admin too (on basicevents since setup); each suggestion to every reader but its poster.
  languages.set(ADMIN.email, 'en');
  const expected = readers + 1 + POSTERS * (readers - 1);
  await expect.poll(() => holding.received.length + answering.received.length, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(expected);
  // Nothing more comes.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const mails = [...accepted(holding), ...accepted(answering)];

  const counts = new Map<string, number>();
  for (const { to, subject } of mails) counts.set(`${to} ${subject}`, (counts.get(`${to} ${subject}`) ?? 0) + 1);
  expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
  expect(mails).toHaveLength(expected);
  const inWrongLanguage = mails.filter(({ to, subject }) => /^\[Burst Club\] (Nové kolo|Nový návrh):/.test(subject) !== (languages.get(to) === 'sk'));
  expect(inWrongLanguage).toEqual([]);
  for (const [k, poster] of posters.entries()) {
    const aboutBook = mails.filter(({ subject }) => subject.endsWith(`: Book ${k}`));
    expect(aboutBook).toHaveLength(readers - 1);
    expect(aboutBook.some(({ to }) => to === poster.email)).toBe(false);
  }
}, 90_000);
