// The four reads a member's browser makes most, each compared with a bare node:http server answering the
// very same bytes: runs of the club server and of the baseline alternate, pair by pair, under the same
// load (64 connections), and the median of the pairs' throughput ratios is the figure.
import { runLoad, type RunResult } from './load-runner';
import { captureAnswer, headerOf, startBaseline } from './bare-baseline';
import type { ClubServer } from './club-server-process';
import { BIG_DISCUSSION_POSTS, type SeededClub } from './club-seed';
import { median, medianRatio } from './stats';

export interface ReadTiming {
  seconds: number;
  pairs: number;
  warmupSeconds: number;
}

export interface ReadResult {
  read: string;
  path: string;
  members: number;
  /** The captured answer: its size on the wire, encoding and framing. */
  status: number;
  bytes: number;
  contentEncoding: string | null;
  framing: 'content-length' | 'chunked' | 'none';
  throughputRatio: number;
  server: { answersPerSecond: number; p50Ms: number; p99Ms: number; cpuMsPerAnswer: number };
  baseline: { answersPerSecond: number; p50Ms: number; p99Ms: number; cpuMsPerAnswer: number };
  runs: { server: RunResult; baseline: RunResult }[];
  /** Errors, timeouts and non-200 answers of the club server, if any. */
  problems: string[];
  /** The club server's peak resident memory (VmHWM) once this read's runs were over. */
  serverPeakRssBytes: number;
  /** Pairs measured again because other processes used the CPUs meanwhile, and the most they used in a kept run. */
  disturbedPairs: number;
  othersCpuShare: number;
}

/** Above this share of all CPUs used by other processes during a run, its pair is measured again. */
const DISTURBED_SHARE = 0.15;
const MAX_DISTURBED_PAIRS = 6;

/** What a browser sends: the member's token, JSON, and the encodings it takes. */
export function memberHeaders(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br', 'Accept-Language': 'en' };
}

export function readsOf(club: SeededClub): { read: string; path: string }[] {
  return [
    { read: 'home', path: '/api/home' },
    { read: `discussion (${BIG_DISCUSSION_POSTS} posts)`, path: `/api/discussions/${club.bigDiscussionId}` },
    { read: 'rounds', path: '/api/rounds' },
    { read: 'members', path: '/api/users' },
  ];
}

function summary(runs: RunResult[]) {
  return {
    answersPerSecond: median(runs.map((run) => run.answersPerSecond)),
    p50Ms: median(runs.map((run) => run.p50Ms)),
    p99Ms: median(runs.map((run) => run.p99Ms)),
    cpuMsPerAnswer: median(runs.map((run) => run.cpuMsPerAnswer)),
  };
}

function problemsOf(runs: RunResult[]): string[] {
  const problems: string[] = [];
  const total = (pick: (run: RunResult) => number) => runs.reduce((sum, run) => sum + pick(run), 0);
  if (total((run) => run.errors) > 0) problems.push(`${total((run) => run.errors)} connection errors`);
  if (total((run) => run.timeouts) > 0) problems.push(`${total((run) => run.timeouts)} timeouts (10 s)`);
  const statuses: Record<string, number> = {};
  for (const run of runs) for (const [status, count] of Object.entries(run.otherStatuses)) statuses[status] = (statuses[status] ?? 0) + count;
  for (const [status, count] of Object.entries(statuses)) problems.push(`${count} answers ${status}`);
  return problems;
}

/** Measures each read of `club` on its running server; `log` reports progress. */
export async function measureReads(
  club: SeededClub,
  server: ClubServer,
  timing: ReadTiming,
  workDir: string,
  log: (line: string) => void,
  /** Called before each read is measured (the benchmark notes how busy the machine is, or waits). */
  beforeRead: (read: string) => Promise<void> = async () => {},
): Promise<ReadResult[]> {
  const headers = memberHeaders(club.members[0]!.token);
  const results: ReadResult[] = [];
  for (const { read, path } of readsOf(club)) {
    const answer = await captureAnswer(server.url + path, headers);
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.body.toString('utf8').slice(0, 200)}`);
    const framing = headerOf(answer, 'content-length') ? 'content-length' : headerOf(answer, 'transfer-encoding') ? 'chunked' : 'none';
    const baseline = await startBaseline(answer, workDir, `${club.memberCount}-${read.split(' ')[0]}`);
    try {
      await beforeRead(read);
      const serverRun = () => runLoad(server.url + path, headers, timing.seconds, server.pid);
      const baselineRun = () => runLoad(baseline.url + path, headers, timing.seconds, baseline.pid);
      // Warm both up (JIT, SQLite's page cache, the server's own caches); not counted.
      await runLoad(server.url + path, headers, timing.warmupSeconds, server.pid);
      await runLoad(baseline.url + path, headers, timing.warmupSeconds, baseline.pid);
      const runs: { server: RunResult; baseline: RunResult }[] = [];
      let disturbed = 0;
      while (runs.length < timing.pairs) {
        // Which goes first alternates, so neither always follows the other's aftermath.
        let pair: { server: RunResult; baseline: RunResult };
        if (runs.length % 2 === 0) {
          const s = await serverRun();
          pair = { server: s, baseline: await baselineRun() };
        } else {
          const b = await baselineRun();
          pair = { server: await serverRun(), baseline: b };
        }
        const others = Math.max(pair.server.othersCpuShare, pair.baseline.othersCpuShare);
        const line = `  ${club.memberCount} members, ${read}: pair ${runs.length + 1}: ${pair.server.answersPerSecond.toFixed(0)} vs ${pair.baseline.answersPerSecond.toFixed(0)} answers/s, p99 ${pair.server.p99Ms.toFixed(1)} vs ${pair.baseline.p99Ms.toFixed(1)} ms`;
        // A pair during which other processes took a good part of the CPUs is measured again (a few times at most).
        if (others > DISTURBED_SHARE && disturbed < MAX_DISTURBED_PAIRS) {
          disturbed++;
          log(`${line}: other processes used ${Math.round(others * 100)}% of the CPUs, measured again`);
          await beforeRead(read);
          continue;
        }
        runs.push(pair);
        log(`${line}${others > DISTURBED_SHARE ? `, other processes used ${Math.round(others * 100)}% of the CPUs` : ''}`);
      }
      if (server.ended()) throw new Error(`the club server ${server.ended()} during GET ${path}`);
      results.push({
        read,
        path,
        members: club.memberCount,
        status: answer.status,
        bytes: answer.body.length,
        contentEncoding: headerOf(answer, 'content-encoding') ?? null,
        framing,
        throughputRatio: medianRatio(runs.map((run) => ({ server: run.server.answersPerSecond, baseline: run.baseline.answersPerSecond }))),
        server: summary(runs.map((run) => run.server)),
        baseline: summary(runs.map((run) => run.baseline)),
        runs,
        problems: problemsOf(runs.map((run) => run.server)),
        serverPeakRssBytes: server.peakRss(),
        disturbedPairs: disturbed,
        othersCpuShare: Math.max(...runs.flatMap((run) => [run.server.othersCpuShare, run.baseline.othersCpuShare])),
      });
    } finally {
      await baseline.stop();
    }
  }
  return results;
}
