import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Discussion, Post } from '../shared/api/discussions';
import type { Recommendation } from '../shared/api/recommendations';
import type { Round, RoundUpdate } from '../shared/api/rounds';
import { addMember } from './test-support/members';
import { bookSuggestion } from './test-support/round-helpers';
import { bundleServer, killAll, startServerProcess, type ServerBundle } from './test-support/server-process';
import { setUpClub } from './test-support/test-server';

/**
 * kill -9 in the middle of a stream of writes, then a restart on the same data folder: the server must start
 * (its lock file is left behind), the database must be intact, and every write it answered 2xx must be there.
 * The server runs in a child process (test-support/server-process.ts), so it can really be killed.
 */

const WRITE_FOR_MS = 1_500;

// The child's entry, bundled from server/.
const ENTRY = `
import { startServer } from './start-server';
const server = await startServer({
  dataDir: process.env.BOOKCLUB_DURABILITY_DATA_DIR,
  port: 0,
  host: '127.0.0.1',
  siteName: 'Durability Club',
  defaultLanguage: 'en',
  matrixRoomLink: null,
  smtpUrl: null,
  rendererDir: null,
  quiet: true,
});
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
console.log(JSON.stringify({ listening: server.port }));
`;

let bundle: ServerBundle;
/** The data folder the next server starts on; each test makes its own. */
let dataDir: string;
const dataDirs: string[] = [];
const newDataDir = () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-durability-'));
  dataDirs.push(dataDir);
};

beforeAll(async () => {
  bundle = await bundleServer('durability', ENTRY);
  newDataDir();
});

afterAll(async () => {
  await killAll();
  bundle?.remove();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts the bundled server on the data folder; answers once it prints its port. */
const startChild = () => startServerProcess(bundle, dataDir, { BOOKCLUB_DURABILITY_DATA_DIR: dataDir });

interface Write {
  kind: 'recommendation' | 'post';
  id: number;
  title: string;
}

it('keeps every answered write through kill -9 mid-stream, and restarts on the same data folder', async () => {
  const first = await startChild();
  const admin = await setUpClub(first.club);
  const members = await Promise.all(['Ann', 'Ben', 'Cyril', 'Dana'].map((name) => addMember(first.club, { name })));
  const round = await first.club.call<Round>('POST', '/api/rounds', { token: admin, body: { topic: 'Books', title: 'Durable' } });
  expect(round.status, JSON.stringify(round.body)).toBe(200);
  const discussionId = round.body.bookDiscussionId!;

  // Several clients write at once, each title unique; a write counts once it is answered 2xx.
  const answered: Write[] = [];
  const refused: string[] = [];
  const failedBeforeKill: string[] = [];
  let killed = false;
  let inFlight = 0;
  const writer = async (token: string, name: string) => {
    for (let i = 0; !killed; i++) {
      const kind = i % 2 === 0 ? 'recommendation' : 'post';
      const title = `${name} ${kind} ${i} ${crypto.randomUUID().slice(0, 8)}`;
      const apiPath = kind === 'recommendation' ? '/api/recommendations/' : `/api/discussions/${discussionId}`;
      inFlight++;
      try {
        const res = await first.club.call<Recommendation & Post>('POST', apiPath, { token, body: bookSuggestion(title) });
        if (res.status >= 200 && res.status < 300) {
          answered.push({ kind, id: kind === 'recommendation' ? res.body.recommendationId : res.body.postId, title: res.body.title });
        } else {
          refused.push(`${res.status} ${apiPath}: ${JSON.stringify(res.body)}`);
        }
      } catch (error) {
        // After the kill, requests in flight and new ones fail: expected. Before it, nothing may.
        if (!killed) failedBeforeKill.push(String(error));
        return;
      } finally {
        inFlight--;
      }
    }
  };
  const writers = [admin, ...members.map((m) => m.token)].map((token, n) => writer(token, `writer${n}`));

  await new Promise((resolve) => setTimeout(resolve, WRITE_FOR_MS));
  killed = true;
  const inFlightAtKill = inFlight;
  first.child.kill('SIGKILL');
  expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
  await Promise.all(writers);

  expect(failedBeforeKill).toEqual([]);
  expect(refused).toEqual([]);
  expect(inFlightAtKill, 'writes in flight when the server was killed').toBeGreaterThan(0);
  expect(answered.length, 'writes answered before the kill').toBeGreaterThan(20);
  expect(answered.some((w) => w.kind === 'post') && answered.some((w) => w.kind === 'recommendation')).toBe(true);
  // The killed process had no chance to remove its lock file.
  expect(fs.existsSync(path.join(dataDir, 'server.pid')), 'the lock file left behind by the killed server').toBe(true);

  // The same data folder, the stale lock file still there: the club starts.
  const second = await startChild();
  const { club } = second;

  const sql = new Database(path.join(dataDir, 'bookclub.db'), { fileMustExist: true });
  try {
    sql.pragma('busy_timeout = 5000');
    expect(sql.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(sql.pragma('foreign_key_check')).toEqual([]);
    // FTS5's own check: the search index agrees with itself (it throws if not).
    sql.prepare(`INSERT INTO "search_index" ("search_index") VALUES ('integrity-check')`).run();

    const rows = {
      recommendation: new Map((sql.prepare(`SELECT "id", "title" FROM "recommendation"`).all() as { id: number; title: string }[]).map((r) => [r.id, r.title])),
      post: new Map((sql.prepare(`SELECT "id", "title" FROM "post"`).all() as { id: number; title: string }[]).map((r) => [r.id, r.title])),
    };
    const indexed = sql.prepare(`SELECT "title" FROM "search_index" WHERE "rowid" = ?`);
    const missing = answered.filter((w) => rows[w.kind].get(w.id) !== w.title);
    expect(missing, 'writes answered 2xx but not in the database after the restart').toEqual([]);
    const unindexed = answered.filter((w) => (indexed.get(w.id * 2 + (w.kind === 'post' ? 0 : 1)) as { title: string } | undefined)?.title !== w.title);
    expect(unindexed, 'answered writes missing from the search index').toEqual([]);
  } finally {
    sql.close();
  }

  // And through the API of the restarted server.
  const recommendations = await club.call<Recommendation[]>('GET', '/api/recommendations/', { token: admin });
  expect(recommendations.status).toBe(200);
  const recommendationTitles = new Map(recommendations.body.map((r) => [r.recommendationId, r.title]));
  const discussion = await club.call<Discussion>('GET', `/api/discussions/${discussionId}`, { token: admin });
  expect(discussion.status).toBe(200);
  const postTitles = new Map(discussion.body.posts.map((p) => [p.postId, p.title]));
  const missingFromApi = answered.filter((w) => (w.kind === 'post' ? postTitles : recommendationTitles).get(w.id) !== w.title);
  expect(missingFromApi, 'answered writes the restarted server does not show').toEqual([]);

  // The restarted club takes writes, and stops cleanly (removing its lock file).
  const after = await club.call<Post>('POST', `/api/discussions/${discussionId}`, { token: members[0]!.token, body: bookSuggestion('After the restart') });
  expect(after.status, JSON.stringify(after.body)).toBe(200);
  second.child.kill('SIGTERM');
  expect(await second.exited, second.stderr()).toEqual({ code: 0, signal: null });
  expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  expect(second.stderr()).toBe('');
}, 60_000);

it('keeps every answered ballot through kill -9 in a storm of votes written together (group commit)', async () => {
  newDataDir();
  const first = await startChild();
  const admin = await setUpClub(first.club);
  const members = await Promise.all(['Ann', 'Ben', 'Cyril', 'Dana', 'Emil', 'Fero', 'Gita', 'Hana'].map((name) => addMember(first.club, { name })));
  const round = await first.club.call<Round>('POST', '/api/rounds', { token: admin, body: { topic: 'Books', title: 'Ballots' } });
  const discussionId = round.body.bookDiscussionId!;
  const options: number[] = [];
  for (const [i, member] of members.slice(0, 3).entries()) {
    const post = await first.club.call<Post>('POST', `/api/discussions/${discussionId}`, { token: member.token, body: bookSuggestion(`Option ${i}`) });
    options.push(post.body.postId);
  }
  const closed = await first.club.call<RoundUpdate>('POST', `/api/rounds/close-discussion/${discussionId}`, { token: admin });
  const pollId = closed.body.discussion!.pollId!;

  // Each member votes again and again, one ballot at a time, each different from the one before; the last
  // one answered 200 must be the one stored, unless the one in flight at the kill got committed first.
  const ballotOf = (member: number, i: number) => [...new Set([options[(member + i) % 3]!, options[(member + 2 * i) % 3]!])].sort((a, b) => a - b);
  const answered = new Map<string, number[]>();
  const inFlightAtKill = new Map<string, number[]>();
  const failedBeforeKill: string[] = [];
  let killed = false;
  const voter = async (member: { userId: string; token: string }, n: number) => {
    for (let i = 0; !killed; i++) {
      const ballot = ballotOf(n, i);
      inFlightAtKill.set(member.userId, ballot);
      try {
        const res = await first.club.call('POST', `/api/polls/${pollId}/vote`, { token: member.token, body: { postIds: ballot } });
        if (res.status !== 200) failedBeforeKill.push(`${res.status}: ${JSON.stringify(res.body)}`);
        else if (!killed) answered.set(member.userId, ballot);
      } catch (error) {
        if (!killed) failedBeforeKill.push(String(error));
        return;
      }
    }
  };
  const voters = members.map((member, n) => voter(member, n));
  await new Promise((resolve) => setTimeout(resolve, WRITE_FOR_MS));
  killed = true;
  first.child.kill('SIGKILL');
  expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
  await Promise.all(voters);
  expect(failedBeforeKill).toEqual([]);
  expect(answered.size).toBe(members.length);

  const second = await startChild();
  const sql = new Database(path.join(dataDir, 'bookclub.db'), { fileMustExist: true });
  try {
    expect(sql.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    const stored = new Map<string, number[]>();
    for (const { userId, postId } of sql.prepare(`SELECT "userId", "postId" FROM "vote_choice" WHERE "pollId" = ? ORDER BY "postId"`).all(pollId) as {
      userId: string;
      postId: number;
    }[]) {
      stored.set(userId, [...(stored.get(userId) ?? []), postId]);
    }
    const ballots = sql.prepare(`SELECT COUNT(*) FROM "vote" WHERE "pollId" = ?`).pluck().get(pollId);
    expect(ballots, 'one ballot row per member').toBe(members.length);
    for (const member of members) {
      expect([answered.get(member.userId), inFlightAtKill.get(member.userId)], member.name).toContainEqual(stored.get(member.userId));
    }
  } finally {
    sql.close();
  }
  second.child.kill('SIGTERM');
  expect(await second.exited, second.stderr()).toEqual({ code: 0, signal: null });
}, 60_000);

it('a restore answered 200 happens even when the server is killed before it swapped the club in', async () => {
  newDataDir();
  const first = await startChild();
  const admin = await setUpClub(first.club);
  const auth = { Authorization: `Bearer ${admin}` };
  const noticeboard = (text: string) => first.club.call('POST', '/api/admin/noticeboard', { token: admin, body: { text } });
  expect((await noticeboard('As it was in the backup')).status).toBe(200);
  const backup = Buffer.from(await (await fetch(`${first.club.url}/api/host/backup`, { headers: auth })).arrayBuffer());
  expect((await noticeboard('Written after the backup')).status).toBe(200);

  // An upload that never finishes keeps a request under way, so the server waits before closing the club.
  const port = new URL(first.club.url).port;
  const stalled = net.connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => stalled.once('connect', resolve));
  stalled.write(
    `POST /api/users/avatar HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${admin}\r\n` +
      'Content-Type: multipart/form-data; boundary=slow\r\nContent-Length: 100000\r\n\r\n--slow\r\n',
  );
  stalled.on('error', () => {});
  await new Promise((resolve) => setTimeout(resolve, 200));

  const form = new FormData();
  form.append('backup', new Blob([new Uint8Array(backup)], { type: 'application/gzip' }), 'club.tar.gz');
  const restore = await fetch(`${first.club.url}/api/host/restore?clubName=Durability%20Club`, { method: 'POST', headers: auth, body: form });
  expect(restore.status).toBe(200);
  const { keptAs } = (await restore.json()) as { keptAs: string };
  // Killed while it waits for the stalled upload: the swap was written down, not done.
  first.child.kill('SIGKILL');
  expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
  stalled.destroy();
  expect(fs.existsSync(path.join(dataDir, 'restore-journal.json'))).toBe(true);

  const second = await startChild();
  const board = await second.club.call<{ noticeboard: string }>('GET', '/api/admin', { token: admin });
  expect(board.body.noticeboard).toBe('As it was in the backup');
  expect(fs.existsSync(path.join(dataDir, 'restore-journal.json'))).toBe(false);
  // The club it replaced is kept, with what was written after the backup.
  const kept = new Database(path.join(keptAs, 'bookclub.db'), { readonly: true, fileMustExist: true });
  try {
    expect(kept.prepare(`SELECT "value" FROM "setting" WHERE "key" = 'noticeboard'`).pluck().get()).toBe('Written after the backup');
  } finally {
    kept.close();
  }
  second.child.kill('SIGTERM');
  expect(await second.exited, second.stderr()).toEqual({ code: 0, signal: null });
}, 60_000);
