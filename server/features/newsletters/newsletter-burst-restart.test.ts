import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Round } from '../../../shared/api/rounds';
import { parseMail } from '../../test-support/mail';
import { addMember } from '../../test-support/members';
import { bookSuggestion } from '../../test-support/round-helpers';
import { ADMIN, setUpClub, type CallResult, type TestServer } from '../../test-support/test-server';

/**
 * A burst of newsletters (some 400 mails) in a club of sixty members, the server killed with SIGKILL while it is
 * sending them, and started again: every member gets each mail once, in their language. The server runs in
 * a child process (bundled here with esbuild, as server/durability.test.ts does) so it can really be killed.
 * The mail server stops answering part-way, so mails are on their way (sent, not yet accepted) at the kill.
 */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MEMBERS = 60;
const POSTERS = 5;
/** The mail server accepts this many, then holds every mail after without answering. */
const ACCEPT_BEFORE_HOLDING = 100;
const START_WITHIN_MS = 15_000;

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

let bundleDir: string;
let bundle: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-burst-'));
const children = new Set<ChildProcess>();
const sinks: SMTPServer[] = [];

beforeAll(async () => {
  fs.mkdirSync(path.join(ROOT, 'node_modules', '.cache'), { recursive: true });
  bundleDir = fs.mkdtempSync(path.join(ROOT, 'node_modules', '.cache', 'bookclub-burst-'));
  bundle = path.join(bundleDir, 'server.mjs');
  await build({
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
    stdin: { contents: ENTRY, resolveDir: path.join(ROOT, 'server'), sourcefile: 'burst-entry.ts', loader: 'ts' },
    outfile: bundle,
  });
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const sink of sinks) await new Promise<void>((resolve) => sink.close(() => resolve()));
  if (bundleDir) fs.rmSync(bundleDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A mail server keeping what it accepted (recipient, subject); past `acceptAtMost` it holds mails unanswered. */
async function mailServer(
  port: number,
  acceptAtMost = Infinity,
): Promise<{ port: number; accepted: { to: string; subject: string }[]; holding: () => number }> {
  const accepted: { to: string; subject: string }[] = [];
  let held = 0;
  const sink = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (accepted.length >= acceptAtMost) return void held++;
        accepted.push({ to: session.envelope.rcptTo[0]!.address, subject: parseMail(Buffer.concat(chunks).toString('utf8')).headers.get('subject')! });
        callback();
      });
    },
  });
  sink.on('error', () => {});
  sinks.push(sink);
  await new Promise<void>((resolve) => sink.listen(port, '127.0.0.1', resolve));
  return { port: (sink.server.address() as AddressInfo).port, accepted, holding: () => held };
}

/** Starts the bundled server on the data folder, sending to `smtpPort`; answers once it listens. */
async function startChild(smtpPort: number): Promise<{ child: ChildProcess; club: TestServer }> {
  const child = spawn(process.execPath, [bundle], {
    env: { ...process.env, BOOKCLUB_BURST_DATA_DIR: dataDir, BOOKCLUB_BURST_SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start within ${START_WITHIN_MS} ms; stderr:\n${stderr}`)), START_WITHIN_MS);
    let stdout = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = /\{"listening":(\d+)\}/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code, signal) => reject(new Error(`the server exited (${code ?? signal}) before listening; stderr:\n${stderr}`)));
  });
  const url = `http://127.0.0.1:${port}`;
  const club: TestServer = {
    url,
    dataDir,
    server: undefined as never,
    async call<T>(method: string, apiPath: string, options: { body?: unknown; token?: string } = {}): Promise<CallResult<T>> {
      const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
      if (options.token) headers.Authorization = `Bearer ${options.token}`;
      const response = await fetch(url + apiPath, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
    },
    close: async () => {},
  };
  return { child, club };
}

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
  const holding = await mailServer(0, ACCEPT_BEFORE_HOLDING);
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
  await expect.poll(() => holding.holding(), { timeout: 20_000, interval: 50 }).toBeGreaterThan(0);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const exited = new Promise((resolve) => first.child.once('exit', resolve));
  first.child.kill('SIGKILL');
  await exited;
  expect(holding.accepted).toHaveLength(ACCEPT_BEFORE_HOLDING);

  const answering = await mailServer(0);
  await startChild(answering.port);
  const readers = MEMBERS + POSTERS;
  // The round to everyone, the first admin too (on basicevents since setup); each suggestion to every reader but its poster.
  languages.set(ADMIN.email, 'en');
  const expected = readers + 1 + POSTERS * (readers - 1);
  const all = () => [...holding.accepted, ...answering.accepted];
  await expect.poll(() => all().length, { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(expected);
  // Nothing more comes.
  await new Promise((resolve) => setTimeout(resolve, 500));

  const counts = new Map<string, number>();
  for (const { to, subject } of all()) counts.set(`${to} ${subject}`, (counts.get(`${to} ${subject}`) ?? 0) + 1);
  expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
  expect(all()).toHaveLength(expected);
  const inWrongLanguage = all().filter(({ to, subject }) => /^\[Burst Club\] (Nové kolo|Nový návrh):/.test(subject) !== (languages.get(to) === 'sk'));
  expect(inWrongLanguage).toEqual([]);
  for (const [k, poster] of posters.entries()) {
    const aboutBook = all().filter(({ subject }) => subject.endsWith(`: Book ${k}`));
    expect(aboutBook).toHaveLength(readers - 1);
    expect(aboutBook.some(({ to }) => to === poster.email)).toBe(false);
  }
}, 90_000);
