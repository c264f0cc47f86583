// Home's latency while the host backs the whole club up, as the host page does it ("Download a backup":
// GET /api/host/backup as the admin, answered once the archive is made, then sent). Members keep reading
// GET /api/home with 64 connections from before the backup starts until after it ends; the answers whose
// requests overlapped the backup are the figure, beside a run of the same load with no backup (quiet).
// The goal: a club of 1,000 members and 50,000 posts keeps home's p99 under 100 ms meanwhile.
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { createMarkdown } from '../server/markdown';
import type { ClubServer } from './club-server-process';
import type { SeededClub } from './club-seed';
import { ClubText } from './club-text';
import { CONNECTIONS } from './load-runner';
import { othersCpuMeter } from './proc-stats';
import { memberHeaders } from './reads-scenario';
import { percentile } from './stats';

export interface HomeLatency {
  /** Answers whose request overlapped the backup (quiet: all of the run's). */
  answers: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Connection errors, timeouts and answers other than 200 over the whole run. */
  problems: number;
}

export interface BackupResult {
  /** Posts in the club (the goal's club has 50,000), and its database's bytes when the backup started. */
  posts: number;
  databaseBytes: number;
  /** From the request to the answer's headers: the archive is made by then. */
  backupSeconds: number;
  /** From the request to the archive's last byte received. */
  downloadSeconds: number;
  archiveBytes: number;
  quiet: HomeLatency;
  duringBackup: HomeLatency;
  /** Share of all CPUs that other processes used during the backup's run. */
  othersCpuShare: number;
  /** The club server's peak resident memory (VmHWM) once the backup was sent: its worker thread's too. */
  serverPeakRssBytes: number;
}

/** The default quiet run's length, and the load before the backup is asked for (and after it ends). */
const QUIET_SECONDS = 5;
const LEAD_MS = 1000;
/** The backup's run is stopped once it ends; this caps it, should it never end. */
const LONGEST_BACKUP_SECONDS = 600;

/**
 * Adds `count` posts to the club's closed discussions (not the open one home shows, nor the open poll's), in
 * one transaction with direct SQL, as members would have written them over the years: markdown beside its
 * rendered HTML, indexed for search by the schema's own triggers. Run while no server has the club open;
 * answers the club's posts then.
 */
export function addPosts(club: SeededClub, count: number): number {
  const sql = new Database(path.join(club.dataDir, 'bookclub.db'));
  try {
    const open = sql.prepare(`SELECT "discussionId" FROM "poll" WHERE "id" = ?`).pluck().get(club.pollId) as number | undefined;
    const discussions = sql
      .prepare(`SELECT "id" FROM "discussion" WHERE "id" NOT IN (?, ?) ORDER BY "id"`)
      .pluck()
      .all(club.bigDiscussionId, open ?? -1) as number[];
    if (discussions.length === 0) throw new Error('the club has no closed discussion to add posts to');
    const owners = [club.admin, ...club.members].map((member) => member.id);
    const text = new ClubText(7);
    const markdown = createMarkdown();
    const insert = sql.prepare(
      `INSERT INTO "post" ("discussionId", "ownerId", "title", "author", "pageCount", "text", "renderedText", "hasSpoilers", "createdOn", "modifiedOn")
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
    );
    const now = new Date().toISOString();
    sql.transaction(() => {
      for (let i = 0; i < count; i++) {
        const body = text.markdown(40, 160);
        insert.run(
          discussions[i % discussions.length],
          owners[i % owners.length],
          text.title(),
          text.author(),
          text.int(120, 900),
          body,
          markdown.render(body),
          now,
          now,
        );
      }
    })();
    return sql.prepare(`SELECT COUNT(*) FROM "post"`).pluck().get() as number;
  } finally {
    sql.close();
  }
}

interface LoadRun {
  /** Stops the load; answers each answer's latency with the moments its request was sent and answered. */
  stop(): Promise<{ sentAt: number; answeredAt: number; ms: number }[]>;
  problems(): number;
}

/** GET /api/home with 64 connections until stopped (or `seconds` pass). */
function loadHome(club: SeededClub, server: ClubServer, seconds: number): LoadRun {
  const answers: { sentAt: number; answeredAt: number; ms: number }[] = [];
  let problems = 0;
  let finished: (() => void) | null = null;
  const done = new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      { url: `${server.url}/api/home`, connections: CONNECTIONS, duration: seconds, headers: memberHeaders(club.members[0]!.token), timeout: 10 },
      (error, result) => {
        if (error) return reject(error);
        problems = result.errors + result.timeouts + result.non2xx;
        resolve();
      },
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTimeMs: number) => {
      const answeredAt = performance.now();
      if (statusCode === 200) answers.push({ sentAt: answeredAt - responseTimeMs, answeredAt, ms: responseTimeMs });
    });
    finished = () => instance.stop();
  });
  return {
    async stop() {
      finished?.();
      await done;
      return answers;
    },
    problems: () => problems,
  };
}

function latencyOf(latencies: number[], problems: number): HomeLatency {
  return {
    answers: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.reduce((max, ms) => Math.max(max, ms), 0),
    problems,
  };
}

/** The admin's backup download: when its headers came (the archive made) and its last byte. */
function downloadBackup(server: ClubServer, token: string): Promise<{ status: number; headersAt: number; endAt: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}/api/host/backup`, { headers: { Authorization: `Bearer ${token}` }, agent: false }, (response) => {
      const headersAt = performance.now();
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headersAt, endAt: performance.now(), bytes }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * Measures home under load with no backup (`quietSeconds`), then while the admin downloads a whole-club
 * backup of `club` from its running `server`. The club is as the caller seeded it (addPosts for the goal's
 * 50,000 posts, before the server starts).
 */
export async function measureBackup(club: SeededClub, server: ClubServer, log: (line: string) => void, quietSeconds = QUIET_SECONDS): Promise<BackupResult> {
  const sql = new Database(path.join(club.dataDir, 'bookclub.db'), { readonly: true });
  let posts: number;
  let databaseBytes: number;
  try {
    posts = sql.prepare(`SELECT COUNT(*) FROM "post"`).pluck().get() as number;
    databaseBytes = (sql.pragma('page_count', { simple: true }) as number) * (sql.pragma('page_size', { simple: true }) as number);
  } finally {
    sql.close();
  }
  // Warm up (JIT, SQLite's page cache, home's own cache); not counted.
  await loadHome(club, server, 2).stop();

  const quiet = loadHome(club, server, quietSeconds);
  await new Promise((resolve) => setTimeout(resolve, quietSeconds * 1000 + 500));
  const quietAnswers = await quiet.stop();
  const quietResult = latencyOf(
    quietAnswers.map((answer) => answer.ms),
    quiet.problems(),
  );
  log(`  home with no backup: p50 ${quietResult.p50Ms.toFixed(1)} ms, p99 ${quietResult.p99Ms.toFixed(1)} ms over ${quietResult.answers} answers`);

  const others = othersCpuMeter([server.pid]);
  const load = loadHome(club, server, LONGEST_BACKUP_SECONDS);
  await new Promise((resolve) => setTimeout(resolve, LEAD_MS));
  const startedAt = performance.now();
  const download = await downloadBackup(server, club.admin.token);
  await new Promise((resolve) => setTimeout(resolve, LEAD_MS));
  const answers = await load.stop();
  const othersCpuShare = others();
  if (download.status !== 200) throw new Error(`GET /api/host/backup answered ${download.status}`);
  if (server.ended()) throw new Error(`the club server ${server.ended()} during the backup`);
  // Every answer whose request was under way at some moment of the backup, from its request to its last byte.
  const during = answers.filter((answer) => answer.answeredAt >= startedAt && answer.sentAt <= download.endAt).map((answer) => answer.ms);
  const result: BackupResult = {
    posts,
    databaseBytes,
    backupSeconds: (download.headersAt - startedAt) / 1000,
    downloadSeconds: (download.endAt - startedAt) / 1000,
    archiveBytes: download.bytes,
    quiet: quietResult,
    duringBackup: latencyOf(during, load.problems()),
    othersCpuShare,
    serverPeakRssBytes: server.peakRss(),
  };
  log(
    `  home during a backup of ${posts} posts (${(databaseBytes / 2 ** 20).toFixed(0)} MiB database, made in ${result.backupSeconds.toFixed(2)} s, ` +
      `${(result.archiveBytes / 2 ** 20).toFixed(1)} MiB sent in ${result.downloadSeconds.toFixed(2)} s): p50 ${result.duringBackup.p50Ms.toFixed(1)} ms, ` +
      `p99 ${result.duringBackup.p99Ms.toFixed(1)} ms, max ${result.duringBackup.maxMs.toFixed(0)} ms over ${result.duringBackup.answers} answers` +
      `; server peak memory ${(result.serverPeakRssBytes / 2 ** 20).toFixed(0)} MiB` +
      (othersCpuShare > 0.15 ? `; other processes used ${Math.round(othersCpuShare * 100)}% of the CPUs` : ''),
  );
  return result;
}
