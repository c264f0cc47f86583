import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { parseOptions } from './bench-options';
import { startScriptNodeFlags } from './club-server-process';
import { goalRows, goalTable, markdownTable, memoryTable, type BenchResults } from './report';
import type { DeliveryResult, LiveClientsResult } from './live-clients-scenario';
import type { ReadResult } from './reads-scenario';
import type { VoteStormResult } from './vote-storm-scenario';
import { parseSearchSummary } from './search-scenario';
import { median, medianRatio, percentile } from './stats';

function read(path: string, ratio: number, p99Ms: number, problems: string[] = []): ReadResult {
  const side = { answersPerSecond: 1000, p50Ms: 2, p99Ms, cpuMsPerAnswer: 0.5 };
  return {
    read: path,
    path,
    members: 50,
    status: 200,
    bytes: 1000,
    contentEncoding: 'br',
    framing: 'chunked',
    throughputRatio: ratio,
    server: side,
    baseline: side,
    runs: [],
    problems,
    serverPeakRssBytes: 0,
    disturbedPairs: 0,
    othersCpuShare: 0,
  };
}

const empty = (): BenchResults => ({ clubs: [], memory: [], machineBusy: [] });

describe('the statistics', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('takes percentiles by nearest rank', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile([5], 99)).toBe(5);
  });

  it('compares two servers by the median of the pairs’ ratios, skipping a pair whose baseline answered nothing', () => {
    expect(
      medianRatio([
        { server: 50, baseline: 100 },
        { server: 90, baseline: 100 },
        { server: 10, baseline: 100 },
        { server: 5, baseline: 0 },
      ]),
    ).toBe(0.5);
  });
});

describe('the goals', () => {
  it('holds the big discussion to 100 ms at p99 and the other reads to 25 ms', () => {
    const results = empty();
    results.clubs.push({ members: 50, reads: [read('/api/discussions/7', 0.6, 60), read('/api/home', 0.6, 60)] });
    const p99 = goalRows(results).filter((row) => row.figure.includes('p99'));
    expect(p99.map((row) => [row.goal, row.met])).toEqual([
      ['< 100 ms', true],
      ['< 25 ms', false],
    ]);
  });

  it('misses the throughput goal when the server answered errors, however fast', () => {
    const results = empty();
    results.clubs.push({ members: 50, reads: [read('/api/home', 0.9, 5, ['12 answers 500'])] });
    const throughput = goalRows(results)[0]!;
    expect(throughput.met).toBe(false);
    expect(throughput.measured).toContain('12 answers 500');
  });

  it('counts a part that failed as a missed goal, saying why', () => {
    const results = empty();
    results.coldStart = { error: 'the server exited with 1 before answering' };
    expect(goalRows(results)).toEqual([
      {
        figure: 'cold start, spawn to first 200 on /api/home',
        measured: 'not measured: the server exited with 1 before answering',
        goal: '≤ 1.5 s',
        met: false,
      },
    ]);
  });

  const delivery = (p99Ms: number, decodeMsPerClient: number, bytesPerPost: number): DeliveryResult => ({
    discussion: 'a discussion',
    posts: 5,
    payloadBytes: bytesPerPost,
    perPost: { frames: 1, bytes: bytesPerPost, maxBytes: bytesPerPost },
    expected: 5_000,
    delivered: 5_000,
    missed: 0,
    p50Ms: p99Ms / 2,
    p99Ms,
    maxMs: p99Ms,
    serverCpuMsPerPost: 100,
    clientsCpuMsPerPost: 2_000,
    othersCpuShare: 0,
    decodeMsPerClient,
    clientsDecodeFloorMs: decodeMsPerClient * 1_000,
  });
  const live = (handshake: Record<string, unknown>, big: DeliveryResult, small: DeliveryResult, voteBytes: number): LiveClientsResult => ({
    handshake,
    clients: 1_000,
    connected: 1_000,
    connectSeconds: 3,
    onWebSocket: 1_000,
    connectErrors: [],
    big,
    small,
    perVote: { frames: voteBytes > 0 ? 1 : 0, bytes: voteBytes, maxBytes: voteBytes },
  });

  it("says where the clients' own decoding makes a live-update goal out of reach", () => {
    const results = empty();
    results.clubs.push({ members: 1_000, live: live({}, delivery(2_400, 1.2, 377_000), delivery(50, 0.01, 900), 0) });
    const [big, small] = goalRows(results);
    expect(big!.measured).toContain("the clients' own decoding alone takes 1,200 ms (1.20 ms each, on one thread)");
    expect(big!.met).toBe(false);
    expect(small!.measured).not.toContain('decoding');
    expect(small!.met).toBe(true);
  });

  it('holds what each live client receives to 4 kB a post and 1 kB a vote, saying how the clients asked', () => {
    const today = empty();
    today.clubs.push({ members: 1_000, live: live({}, delivery(2_400, 1.2, 377_000), delivery(50, 0.01, 900), 0) });
    const small = empty();
    small.clubs.push({ members: 1_000, live: live({ events: 2 }, delivery(60, 0.01, 1_200), delivery(50, 0.01, 1_100), 300) });
    const received = (results: BenchResults) => goalRows(results).filter((row) => row.figure.includes('received per client'));
    expect(received(today).map((row) => [row.figure, row.measured.split(' (')[0], row.goal, row.met])).toEqual([
      ["1,000 live clients (today's events): received per client, a post into a discussion", '377.0 kB', '≤ 4.0 kB', false],
      ["1,000 live clients (today's events): received per client, a vote", '0.0 kB', '≤ 1.0 kB', true],
    ]);
    expect(received(small).map((row) => [row.figure.split(': ')[0], row.met])).toEqual([
      ['1,000 live clients (handshake {"events":2})', true],
      ['1,000 live clients (handshake {"events":2})', true],
    ]);
  });

  it('holds every ballot of the storm to 5 s, and counts a ballot not answered 200 against "none lost"', () => {
    const spread = (maxMs: number) => ({ p50Ms: maxMs / 2, p99Ms: maxMs, maxMs });
    const storm = (maxMs: number, statuses: Record<string, number>): VoteStormResult => ({
      members: 1_000,
      ballotsPerMember: 3,
      asked: 'receipt',
      ballots: 3_000,
      statuses,
      seconds: maxMs / 1000,
      votesPerSecond: 3_000 / (maxMs / 1000),
      answer: spread(maxMs),
      sinceStart: spread(maxMs + 1_000),
      connect: spread(1_000),
      firstByte: spread(maxMs),
      serverHandling: spread(800),
      listen: { overflows: 0, drops: 0, cookies: 0 },
      clientLoopDelayMaxMs: 200,
      slow: maxMs > 5_000 ? 1_044 : 0,
      answerBytes: 300,
      lost: 0,
      doubled: 0,
      mixed: 0,
      answeredVoters: 1_000,
      cpuMsPerVote: 1,
      othersCpuShare: 0,
      errors: [],
    });
    const rows = (votes: VoteStormResult) => {
      const results = empty();
      results.clubs.push({ members: 1_000, votes });
      return goalRows(results);
    };
    const [slowest, , intact] = rows(storm(18_000, { '0': 44, '200': 2_956 }));
    expect(slowest).toMatchObject({ figure: '3,000 ballots from 1,000 members at once: slowest answer', goal: 'every one < 5 s', met: false });
    expect(slowest!.measured).toContain('1,044 over 5 s or unanswered');
    expect(intact).toMatchObject({ measured: '0 / 0 / 0 (44 not answered 200: {"0":44,"200":2956})', met: false });
    expect(rows(storm(2_500, { '200': 3_000 })).map((row) => row.met)).toEqual([true, true, true]);
  });

  it('reports the largest peak RSS of the server processes, and the phase that made it', () => {
    const phase = (name: string, mibs: number) => ({ phase: name, startBytes: 0, peakBytes: mibs * 1024 * 1024, endBytes: 0 });
    const results = empty();
    results.memory.push(
      { process: 'a', phases: [phase('start', 100)] },
      { process: 'b', phases: [phase('start', 110), phase('the ballot storm', 160), phase('after', 120)] },
    );
    expect(goalRows(results)[0]).toMatchObject({ measured: '160.0 MiB (b, the ballot storm)', met: false });
    expect(memoryTable(results).split('\n')[4]).toMatch(/^\| b +\| the ballot storm +\| – +\| 160.0 MiB +\| – +\|$/);
  });
});

describe('the tables', () => {
  it('line up their columns', () => {
    expect(markdownTable(['a', 'bb'], [['ccc', 'd']])).toBe('| a   | bb |\n|-----|----|\n| ccc | d  |');
  });

  it('leave the verdict empty for a figure without a goal', () => {
    const results = empty();
    results.npmStart = {
      runs: [
        { ms: 9_800, built: true },
        { ms: 900, built: false },
      ],
      script: 'node dist/server/main.js',
    };
    const lines = goalTable(goalRows(results)).split('\n');
    expect(lines[2]).toMatch(/^\| `npm start` after a change .*\| 9,800 ms \(`node dist\/server\/main.js`\) +\| – +\| +\|$/);
    expect(lines[3]).toMatch(/^\| `npm start` on an existing build .*\| 900 ms .*\| ≤ 1.5 s +\| met +\|$/);
  });
});

describe('the club server as npm start runs it', () => {
  it("takes the node flags of package.json's start script", () => {
    expect(startScriptNodeFlags('node build/ensure-built.mjs && node --max-semi-space-size=2 dist/server/main.js')).toEqual(['--max-semi-space-size=2']);
    expect(startScriptNodeFlags('node dist/server/main.js')).toEqual([]);
    expect(() => startScriptNodeFlags('tsx server/main.ts')).toThrow(/start script/);
  });

  it('is what package.json starts', () => {
    const { scripts } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(() => startScriptNodeFlags(scripts.start!)).not.toThrow();
  });
});

describe('the command line and search.ts output', () => {
  it('runs everything by default, and a short smoke run with --quick', () => {
    expect(parseOptions([]).only.size).toBe(10);
    expect(parseOptions(['--quick', '--only', 'reads,votes'])).toMatchObject({ quick: true, seconds: 1, pairs: 1, only: new Set(['reads', 'votes']) });
    expect(() => parseOptions(['--only', 'speed'])).toThrow(/reads\|readers\|votes/);
  });

  it("reads search.ts's summary line", () => {
    expect(parseSearchSummary('seeded\nall            median    8.6 ms   p99   18.3 ms   over 600 searches\n')).toEqual({
      p50Ms: 8.6,
      p99Ms: 18.3,
      searches: 600,
    });
    expect(parseSearchSummary('crashed')).toBeNull();
  });
});
