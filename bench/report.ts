// The benchmark's results, the issue's goals, and the tables that set one against the other.
import type { PhaseMemory } from './club-server-process';
import type { ColdStartResult } from './cold-start-scenario';
import type { DemoStartResult } from './demo-start-scenario';
import type { DeliveryResult, LiveClientsResult, Received } from './live-clients-scenario';
import type { ReadResult } from './reads-scenario';
import type { ReaderResult } from './readers-scenario';
import type { RendererSizeResult } from './renderer-size-scenario';
import type { SearchResult } from './search-scenario';
import { ANSWERED_WITHIN_MS, type VoteStormResult } from './vote-storm-scenario';

/** A scenario's result, or why it has none. */
export type Measured<T> = T | { error: string };

export function failed<T>(measured: Measured<T> | undefined): measured is { error: string } {
  return !!measured && typeof measured === 'object' && 'error' in measured;
}

/**
 * Home read while heavy work runs in the club server (a whole-club backup, a burst of mail; issue 27):
 * what bench/backup-scenario.ts and bench/mail-burst-scenario.ts measure, as run.ts records it.
 */
export interface HomeUnderWorkResult {
  /** What ran meanwhile, as the table names it: "a whole-club backup". */
  work: string;
  homeP50Ms: number;
  homeP99Ms: number;
  /** How long the work took (the backup; the mail queue until it drained). */
  workSeconds: number;
  /** Anything else worth a line in the table (mails queued per event...). */
  notes?: string[];
  /** The scenario's own result, whole, for the JSON. */
  details?: unknown;
}

export interface ClubResults {
  members: number;
  seed?: Measured<{ seconds: number; counts: Record<string, number> }>;
  reads?: Measured<ReadResult[]>;
  /** The largest answers read uncompressed by 64 connections (its memory is a phase of the memory table). */
  readers?: Measured<ReaderResult[]>;
  votes?: Measured<VoteStormResult>;
  /** The same storm again, each ballot answered with the whole poll (Obskurnee's client). */
  wholeVotes?: Measured<VoteStormResult>;
  live?: Measured<LiveClientsResult>;
  backup?: Measured<HomeUnderWorkResult>;
  mail?: Measured<HomeUnderWorkResult>;
}

export interface BenchResults {
  size?: Measured<RendererSizeResult>;
  clubs: ClubResults[];
  coldStart?: Measured<ColdStartResult>;
  /** `npm start` until it starts without building (twice at most), and what its script was. */
  npmStart?: Measured<{ runs: { ms: number; built: boolean }[]; script: string }>;
  search?: Measured<SearchResult>;
  /** `npm start -- demo` to the first page of the demo club signed in (issue 29). */
  demoStart?: Measured<DemoStartResult>;
  /** Each club server process the benchmark ran, and its resident memory over each phase of its run. */
  memory: { process: string; phases: PhaseMemory[] }[];
  /** How busy the machine was (0 to 1 of all cores) just before each scenario, with the benchmark idle. */
  machineBusy: { before: string; share: number }[];
}

/** The goals of the issue "Fast and light". */
export const GOALS = {
  readThroughputShare: 0.5,
  readP99Ms: 25,
  bigDiscussionP99Ms: 100,
  votesPerSecond: 1000,
  liveP99Ms: 250,
  /** What each live client receives for one post into a 200-post discussion, and for one vote (issue 27). */
  liveBytesPerPost: 4_000,
  liveBytesPerVote: 1_000,
  peakRssBytes: 150 * 1024 * 1024,
  /** Home's p99 while a whole-club backup or a burst of mail runs (issue 27). */
  homeP99UnderWorkMs: 100,
  coldStartMs: 1500,
  /** `npm start -- demo` on a built clone to the lively club signed in (issue 29). */
  demoStartMs: 10_000,
  initialJsGzipBytes: 150_000,
  searchP50Ms: 20,
  searchP99Ms: 100,
};

export interface GoalRow {
  figure: string;
  measured: string;
  goal: string;
  /** null: a figure without a goal (for information). */
  met: boolean | null;
}

export function ms(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return `${value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US')} ms`;
}

export function count(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

function percent(share: number): string {
  return Number.isFinite(share) ? `${Math.round(share * 100)}%` : '–';
}

/** Said of a figure measured while other processes took a good part of the CPUs. */
export function busyNote(othersCpuShare: number): string {
  return othersCpuShare > 0.15 ? `; other processes used ${percent(othersCpuShare)} of the CPUs meanwhile` : '';
}

function errorRow(figure: string, goal: string, error: string): GoalRow {
  return { figure, measured: `not measured: ${error}`, goal, met: false };
}

function readRows(club: ClubResults): GoalRow[] {
  const where = `${count(club.members)} members`;
  if (failed(club.reads))
    return [errorRow(`reads, ${where}`, `≥ ${percent(GOALS.readThroughputShare)} of bare node:http; p99 < ${GOALS.readP99Ms} ms`, club.reads.error)];
  return (club.reads ?? []).flatMap((read) => {
    const p99Goal = read.path.startsWith('/api/discussions/') ? GOALS.bigDiscussionP99Ms : GOALS.readP99Ms;
    const problems = (read.problems.length ? `; ${read.problems.join(', ')}` : '') + busyNote(read.othersCpuShare);
    return [
      {
        figure: `GET ${read.read}, ${where}: throughput vs bare node:http`,
        measured: `${percent(read.throughputRatio)} (${count(read.server.answersPerSecond)} vs ${count(read.baseline.answersPerSecond)} answers/s)${problems}`,
        goal: `≥ ${percent(GOALS.readThroughputShare)}`,
        met: read.throughputRatio >= GOALS.readThroughputShare && read.problems.length === 0,
      },
      {
        figure: `GET ${read.read}, ${where}: p99 at 64 connections`,
        measured: `${ms(read.server.p99Ms)} (p50 ${ms(read.server.p50Ms)})`,
        goal: `< ${p99Goal} ms`,
        met: read.server.p99Ms < p99Goal,
      },
    ];
  });
}

function voteRows(members: number, votes: Measured<VoteStormResult> | undefined): GoalRow[] {
  if (!votes) return [];
  const figure = `${count(members)} members' ballots at once`;
  if (failed(votes))
    return [
      errorRow(
        figure,
        `each answered within ${ANSWERED_WITHIN_MS / 1000} s, ≥ ${count(GOALS.votesPerSecond)} votes/s, none lost, doubled or mixed`,
        votes.error,
      ),
    ];
  const v = votes;
  const storm = `${count(v.ballots)} ballots from ${count(v.members)} members at once`;
  const asked = v.asked === 'whole' ? 'the whole poll, as Obskurnee’s client asks' : 'its receipt, as our renderer asks';
  const refused = v.ballots - (v.statuses['200'] ?? 0);
  const handling = v.serverHandling ? `; the server's own handling ≤ ${ms(v.serverHandling.maxMs)}` : '';
  return [
    {
      figure: `${storm}: slowest answer`,
      measured:
        `${ms(v.answer.maxMs)} (p50 ${ms(v.answer.p50Ms)}, p99 ${ms(v.answer.p99Ms)}; ${count(v.slow)} over ${ANSWERED_WITHIN_MS / 1000} s or unanswered; ` +
        `TCP handshake ≤ ${ms(v.connect.maxMs)}, handshake to first byte ≤ ${ms(v.firstByte.maxMs)}${handling}; ${kb(v.answerBytes)} an answer: ${asked})`,
      goal: `every one < ${ANSWERED_WITHIN_MS / 1000} s`,
      met: v.slow === 0,
    },
    {
      figure: `${storm}: votes/s`,
      measured: `${count(v.votesPerSecond)} (all in ${v.seconds.toFixed(2)} s, server CPU ${ms(v.cpuMsPerVote)} a ballot${busyNote(v.othersCpuShare)})`,
      goal: `≥ ${count(GOALS.votesPerSecond)}`,
      met: v.votesPerSecond >= GOALS.votesPerSecond,
    },
    {
      figure: `${storm}: lost / doubled / not the last answered`,
      measured: `${v.lost} / ${v.doubled} / ${v.mixed}${refused ? ` (${count(refused)} not answered 200: ${JSON.stringify(v.statuses)})` : ''}`,
      goal: '0 / 0 / 0',
      met: v.lost === 0 && v.doubled === 0 && v.mixed === 0 && refused === 0,
    },
  ];
}

/**
 * The benchmark's clients share one thread: the last of them cannot decode a post sooner than all of them
 * take to decode it, however fast the server is. Said where that floor is a good part of the goal.
 */
function floorNote(d: DeliveryResult): string {
  if (!(d.clientsDecodeFloorMs >= GOALS.liveP99Ms / 4)) return '';
  return `; the clients' own decoding alone takes ${ms(d.clientsDecodeFloorMs)} (${d.decodeMsPerClient.toFixed(2)} ms each, on one thread)`;
}

/** How the live clients asked for their events. */
function handshakeNote(handshake: Record<string, unknown>): string {
  return Object.keys(handshake).length === 0 ? "today's events" : `handshake ${JSON.stringify(handshake)}`;
}

function liveRows(club: ClubResults): GoalRow[] {
  const figure = `${count(club.members)} live clients`;
  if (!club.live) return [];
  if (failed(club.live)) return [errorRow(figure, `p99 < ${GOALS.liveP99Ms} ms, none missed`, club.live.error)];
  const { big, small, connected, clients, perVote, handshake } = club.live;
  const asked = handshakeNote(handshake);
  const latency = (d: DeliveryResult): GoalRow => ({
    figure: `${figure} (${asked}) p99, a post into ${d.discussion}`,
    measured: `${ms(d.p99Ms)} (p50 ${ms(d.p50Ms)}; CPU per post: server ${ms(d.serverCpuMsPerPost)}, clients ${ms(d.clientsCpuMsPerPost)}${floorNote(d)}${busyNote(d.othersCpuShare)})`,
    goal: `< ${GOALS.liveP99Ms} ms`,
    met: d.p99Ms < GOALS.liveP99Ms,
  });
  const frames = (r: Received) => `${r.frames.toFixed(1)} frames, the most any client got ${kb(r.maxBytes)}`;
  return [
    latency(big),
    latency(small),
    {
      figure: `${figure} (${asked}): missed`,
      measured: `${count(big.missed + small.missed)} of ${count(big.expected + small.expected)} (${count(connected)} of ${count(clients)} connected)`,
      goal: '0',
      met: big.missed + small.missed === 0,
    },
    {
      figure: `${figure} (${asked}): received per client, a post into ${big.discussion}`,
      measured: `${kb(big.perPost.bytes)} (${frames(big.perPost)}); into ${small.discussion}: ${kb(small.perPost.bytes)}`,
      goal: `≤ ${kb(GOALS.liveBytesPerPost)}`,
      met: big.perPost.bytes <= GOALS.liveBytesPerPost,
    },
    {
      figure: `${figure} (${asked}): received per client, a vote`,
      measured: `${kb(perVote.bytes)} (${frames(perVote)})`,
      goal: `≤ ${kb(GOALS.liveBytesPerVote)}`,
      met: perVote.bytes <= GOALS.liveBytesPerVote,
    },
  ];
}

function underWorkRows(club: ClubResults): GoalRow[] {
  const goal = `< ${GOALS.homeP99UnderWorkMs} ms`;
  return (['backup', 'mail'] as const).flatMap((part): GoalRow[] => {
    const result = club[part];
    if (!result) return [];
    const figure = `GET /api/home p99, ${count(club.members)} members, during ${part === 'backup' ? 'a whole-club backup' : 'a burst of mail'}`;
    if (failed(result)) return [errorRow(figure, goal, result.error)];
    const notes = result.notes?.length ? `; ${result.notes.join('; ')}` : '';
    return [
      {
        figure: `GET /api/home p99, ${count(club.members)} members, during ${result.work}`,
        measured: `${ms(result.homeP99Ms)} (p50 ${ms(result.homeP50Ms)}; it took ${result.workSeconds.toFixed(1)} s${notes})`,
        goal,
        met: result.homeP99Ms < GOALS.homeP99UnderWorkMs,
      },
    ];
  });
}

/** Each measured figure beside its goal, in the order the benchmark runs them. */
export function goalRows(results: BenchResults): GoalRow[] {
  const rows: GoalRow[] = [];
  const sizeGoal = `≤ ${kb(GOALS.initialJsGzipBytes)}`;
  if (failed(results.size)) rows.push(errorRow('initial renderer JS, gzip', sizeGoal, results.size.error));
  else if (results.size)
    rows.push({
      figure: 'initial renderer JS, gzip',
      measured: `${kb(results.size.gzip)} (${results.size.files.length} files, ${kb(results.size.raw)} raw)`,
      goal: sizeGoal,
      met: results.size.gzip <= GOALS.initialJsGzipBytes,
    });
  for (const club of results.clubs)
    rows.push(...readRows(club), ...voteRows(club.members, club.votes), ...voteRows(club.members, club.wholeVotes), ...liveRows(club), ...underWorkRows(club));
  const peak = peakPhase(results);
  if (peak)
    rows.push({
      figure: 'peak RSS of the club server, over the whole run (seeding included)',
      measured: `${mib(peak.peakBytes)} (${peak.process}, ${peak.phase})`,
      goal: `< ${mib(GOALS.peakRssBytes)}`,
      met: peak.peakBytes < GOALS.peakRssBytes,
    });
  const startGoal = `≤ ${(GOALS.coldStartMs / 1000).toFixed(1)} s`;
  if (failed(results.coldStart)) rows.push(errorRow('cold start, spawn to first 200 on /api/home', startGoal, results.coldStart.error));
  else if (results.coldStart)
    rows.push({
      figure: 'cold start, spawn to first 200 on /api/home',
      measured: `${ms(results.coldStart.medianMs)} (median of ${results.coldStart.runs.length})`,
      goal: startGoal,
      met: results.coldStart.medianMs <= GOALS.coldStartMs,
    });
  const npmStartFigure = '`npm start` on an existing build and data folder, spawn to first 200 on /api/home';
  if (failed(results.npmStart)) rows.push(errorRow(npmStartFigure, startGoal, results.npmStart.error));
  else if (results.npmStart) {
    const { runs, script } = results.npmStart;
    const building = runs.find((run) => run.built);
    const ready = runs.find((run) => !run.built);
    if (building)
      rows.push({
        figure: '`npm start` after a change to the sources (it builds first)',
        measured: `${ms(building.ms)} (\`${script}\`)`,
        goal: '–',
        met: null,
      });
    if (ready) rows.push({ figure: npmStartFigure, measured: `${ms(ready.ms)} (\`${script}\`)`, goal: startGoal, met: ready.ms <= GOALS.coldStartMs });
  }
  const demoFigure = '`npm start -- demo` on an existing build, spawn to the member signed in with one click on home';
  const demoGoal = `< ${(GOALS.demoStartMs / 1000).toFixed(0)} s`;
  if (failed(results.demoStart)) rows.push(errorRow(demoFigure, demoGoal, results.demoStart.error));
  else if (results.demoStart) {
    const d = results.demoStart;
    const removed = d.foldersRemoved ? 'its folder deleted on stop each time' : 'a folder was left behind';
    rows.push({
      figure: demoFigure,
      measured: `${ms(d.medianMs)} (median of ${d.runs.length}; ${removed})`,
      goal: demoGoal,
      met: d.medianMs < GOALS.demoStartMs && d.foldersRemoved,
    });
  }
  if (failed(results.search)) rows.push(errorRow('search', `p50 < ${GOALS.searchP50Ms} ms, p99 < ${GOALS.searchP99Ms} ms`, results.search.error));
  else if (results.search) {
    const s = results.search;
    const over = `${count(s.posts)} posts + ${count(s.recommendations)} recommendations`;
    rows.push({ figure: `search p50 (${over})`, measured: ms(s.p50Ms), goal: `< ${GOALS.searchP50Ms} ms`, met: s.p50Ms < GOALS.searchP50Ms });
    rows.push({ figure: `search p99 (${over})`, measured: ms(s.p99Ms), goal: `< ${GOALS.searchP99Ms} ms`, met: s.p99Ms < GOALS.searchP99Ms });
  }
  return rows;
}

/** The phase of any server process with the highest peak resident memory. */
export function peakPhase(results: BenchResults): (PhaseMemory & { process: string }) | null {
  const phases = results.memory.flatMap((server) => server.phases.map((phase) => ({ ...phase, process: server.process })));
  return phases.reduce<(PhaseMemory & { process: string }) | null>((a, b) => (!a || b.peakBytes > a.peakBytes ? b : a), null);
}

/** Each server process's resident memory, phase by phase: where its peak came from. */
export function memoryTable(results: BenchResults): string {
  const size = (bytes: number) => (bytes > 0 ? mib(bytes) : '–');
  return markdownTable(
    ['server process', 'phase', 'RSS at its start', 'peak RSS (VmHWM)', 'RSS at its end'],
    results.memory.flatMap((server) =>
      server.phases.map((phase) => [server.process, phase.phase, size(phase.startBytes), size(phase.peakBytes), size(phase.endBytes)]),
    ),
  );
}

/** A Markdown table whose columns line up in a terminal too. */
export function markdownTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(headers), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export function goalTable(rows: GoalRow[]): string {
  return markdownTable(
    ['figure', 'measured', 'goal', ''],
    rows.map((row) => [row.figure, row.measured, row.goal, row.met === null ? '' : row.met ? 'met' : 'missed']),
  );
}

/** The reads in detail: both servers' throughput, latency and CPU time per answer. */
export function readsTable(results: BenchResults): string {
  const rows = results.clubs.flatMap((club) =>
    failed(club.reads) || !club.reads
      ? []
      : club.reads.map((read) => [
          count(read.members),
          `GET ${read.path.replace(/\/\d+$/, '/{id}')}`,
          `${kb(read.bytes)}${read.contentEncoding ? ` ${read.contentEncoding}` : ''}`,
          count(read.server.answersPerSecond),
          count(read.baseline.answersPerSecond),
          percent(read.throughputRatio),
          `${ms(read.server.p50Ms)} / ${ms(read.server.p99Ms)}`,
          `${ms(read.baseline.p50Ms)} / ${ms(read.baseline.p99Ms)}`,
          `${read.server.cpuMsPerAnswer.toFixed(2)} / ${read.baseline.cpuMsPerAnswer.toFixed(2)}`,
        ]),
  );
  return markdownTable(
    ['members', 'read', 'answer', 'club answers/s', 'bare answers/s', 'ratio', 'club p50 / p99', 'bare p50 / p99', 'CPU ms per answer, club / bare'],
    rows,
  );
}
