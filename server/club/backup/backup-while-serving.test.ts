import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../db/data-source';
import { manifestOf, readArchive } from '../../test-support/club-archives';
import { download } from '../../test-support/host-console';
import { setUpClub, startTestServer, type TestServer } from '../../test-support/test-server';

// A whole-club backup of a large club, asked for on the host page while a member keeps reading: its heavy
// steps (SQLite's snapshot and integrity check, checksums, gzip) run off the server's thread, so the member
// is answered promptly all along. The club serves in this test's own process: this process's event loop is
// the server's, and the member reads from a process of its own, whose clock the server cannot stop.

/** Posts with a long rendered text each: a database of some 75 MB, whose backup takes seconds. */
const POSTS = 16_000;
const RENDERED_BYTES = 4_000;
/**
 * The longest the server's thread may be held up meanwhile, and the member kept waiting (ms): generous
 * for a busy two-core machine. Backed up on the server's own thread, each of its steps (the snapshot, the
 * integrity check, gzip) holds it up for most of a second.
 */
const LONGEST_WAIT_MS = 200;

let dataDir: string;
let club: TestServer;
let admin: string;

/** Varied bytes, as members' texts are, so gzip has real work to do: post i's text starts at its own place. */
function renderedText(pool: Buffer, i: number): string {
  const start = (i * 7919) % (pool.length - RENDERED_BYTES);
  return pool.toString('latin1', start, start + RENDERED_BYTES);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-backup-serving-'));
  const first = await startTestServer({ dataDir });
  admin = await setUpClub(first);
  // Run from the sources, the worker is bundled and started on its first use (then kept a while): a backup
  // first, so the timed one times the backup alone.
  expect((await download(first, admin)).status).toBe(200);
  await first.close();
  // The admin's long-ago posts, written straight into the club's database in one transaction while no
  // server has it open (this thread is busy meanwhile: a server's idle connections would time out).
  let seed = 12345;
  const pool = Buffer.from(Array.from({ length: 256 * 1024 }, () => 32 + (((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) % 95)));
  const sql = new Database(path.join(dataDir, DATABASE_FILE));
  try {
    const adminId = sql.prepare(`SELECT "id" FROM "user" WHERE "isAdmin" = 1`).pluck().get() as string;
    const now = new Date().toISOString();
    sql.transaction(() => {
      const round = sql.prepare(`INSERT INTO "round" ("title", "topic", "createdOn") VALUES ('Long ago', 'Books', ?)`).run(now).lastInsertRowid;
      const discussion = sql
        .prepare(`INSERT INTO "discussion" ("roundId", "title", "topic", "isClosed", "createdOn") VALUES (?, 'Long ago', 'Books', 1, ?)`)
        .run(round, now).lastInsertRowid;
      const post = sql.prepare(
        `INSERT INTO "post" ("discussionId", "ownerId", "title", "text", "renderedText", "hasSpoilers", "createdOn", "modifiedOn") VALUES (?, ?, ?, ?, ?, 0, ?, ?)`,
      );
      for (let i = 0; i < POSTS; i++) post.run(discussion, adminId, `Post ${i}`, `A note ${i}`, renderedText(pool, i), now, now);
    })();
  } finally {
    sql.close();
  }
  club = await startTestServer({ dataDir });
}, 60_000);

afterAll(async () => {
  await club?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A member reading home from another process, one request after another: each answer's milliseconds. */
function memberReadingHome(url: string, token: string) {
  const script = `
    const http = require('node:http');
    const ask = () => {
      const started = performance.now();
      http.get(${JSON.stringify(`${url}/api/home`)}, { agent: false, headers: { Authorization: ${JSON.stringify(`Bearer ${token}`)} } }, (res) => {
        res.resume();
        res.on('end', () => {
          process.stdout.write(res.statusCode + ' ' + (performance.now() - started).toFixed(1) + '\\n');
          setTimeout(ask, 10);
        });
      }).on('error', (error) => { console.error(error); process.exit(1); });
    };
    ask();
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const answers = () =>
    output
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(' ').map(Number) as [number, number]);
  return {
    answered: () => answers().length,
    async stop(): Promise<[status: number, ms: number][]> {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      return answers();
    },
  };
}

describe('a whole-club backup of a large club', () => {
  it('leaves the club answering its members promptly while it is made', async () => {
    const member = memberReadingHome(club.url, admin);
    while (member.answered() < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const asked = member.answered();
    const started = performance.now();
    // Answered once the archive is made, then sent.
    const response = await fetch(`${club.url}/api/host/backup`, { headers: { Authorization: `Bearer ${admin}` } });
    const madeInMs = performance.now() - started;
    delay.disable();
    const answers = (await member.stop()).slice(asked);
    expect(response.status).toBe(200);
    const file = path.join(dataDir, 'downloaded.tar.gz');
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));

    // The archive is the whole club, as ever.
    expect(manifestOf(readArchive(file)).counts).toMatchObject({ posts: POSTS, members: 1 });
    // It took a while, and the member was answered all along: many times, never kept waiting.
    expect(madeInMs).toBeGreaterThan(500);
    expect(answers.length).toBeGreaterThan(10);
    expect(answers.every(([status]) => status === 200)).toBe(true);
    expect(Math.max(...answers.map(([, ms]) => ms))).toBeLessThan(LONGEST_WAIT_MS);
    expect(delay.max / 1e6).toBeLessThan(LONGEST_WAIT_MS);
  });
});
