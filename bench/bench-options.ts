// The benchmark's command line: `npm run bench -- [--quick] [--only reads,votes,...] [--wait-quiet] [--out file]`.
import { parseArgs } from 'node:util';
import { DELTA_EVENTS_HANDSHAKE } from '../shared/events';

/**
 * The parts of a run. `backup` and `mail` are home's latency during a whole-club backup and during a burst
 * of mail, from bench/backup-scenario.ts and bench/mail-burst-scenario.ts (run.ts, UNDER_WORK); `demo` is
 * `npm start -- demo` to the signed-in member's first page (bench/demo-start-scenario.ts); `readers` is 64 connections reading the largest answers uncompressed in the
 * big club (bench/readers-scenario.ts), for the server's memory.
 */
export const SCENARIOS = ['reads', 'readers', 'votes', 'live', 'backup', 'mail', 'start', 'search', 'size', 'demo'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface BenchOptions {
  quick: boolean;
  only: Set<Scenario>;
  /** Before each part, wait until other processes leave the CPUs alone (a shared build machine). */
  waitQuiet: boolean;
  /** Where the JSON goes; by default bench/results/<date>.json (a partial or quick run: <date>-quick.json...). */
  out: string | null;
  /** Seconds of each load run, pairs of runs (club server, baseline) per read, and the warm-up before them. */
  seconds: number;
  pairs: number;
  warmupSeconds: number;
  coldStarts: number;
  /** `npm start -- demo` runs (issue 29). */
  demoStarts: number;
  livePosts: number;
  /** Also time `npm start` (build, then serve) once, at the very end. */
  npmStart: boolean;
  search: { posts: number; recommendations: number; rounds: number };
}

export class OptionsError extends Error {}

export function parseOptions(argv: readonly string[]): BenchOptions {
  let values;
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        quick: { type: 'boolean', default: false },
        'wait-quiet': { type: 'boolean', default: false },
        only: { type: 'string', multiple: true },
        out: { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    throw new OptionsError((error as Error).message);
  }
  const only = new Set<Scenario>();
  for (const name of (values.only ?? [])
    .flatMap((list) => list.split(','))
    .map((name) => name.trim())
    .filter(Boolean)) {
    if (!(SCENARIOS as readonly string[]).includes(name)) throw new OptionsError(`--only takes ${SCENARIOS.join('|')}, not "${name}"`);
    only.add(name as Scenario);
  }
  const quick = values.quick ?? false;
  return {
    quick,
    only: only.size > 0 ? only : new Set(SCENARIOS),
    waitQuiet: values['wait-quiet'] ?? false,
    out: values.out ?? null,
    seconds: quick ? 1 : 5,
    pairs: quick ? 1 : 3,
    warmupSeconds: quick ? 1 : 2,
    coldStarts: quick ? 2 : 5,
    demoStarts: quick ? 1 : 5,
    livePosts: quick ? 2 : 5,
    npmStart: !quick,
    search: quick ? { posts: 5_000, recommendations: 2_000, rounds: 3 } : { posts: 50_000, recommendations: 20_000, rounds: 30 },
  };
}

/**
 * The fields the live clients put beside their token in the handshake: the renderer's (the small events,
 * DELTA_EVENTS_HANDSHAKE) unless BENCH_LIVE_HANDSHAKE gives them as JSON, e.g. '{}' for today's
 * whole-document events, as bots get them.
 */
export function liveHandshake(): Record<string, unknown> {
  const given = process.env.BENCH_LIVE_HANDSHAKE;
  if (!given) return { ...DELTA_EVENTS_HANDSHAKE };
  const fields: unknown = JSON.parse(given);
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) throw new OptionsError(`BENCH_LIVE_HANDSHAKE is not a JSON object: ${given}`);
  return fields as Record<string, unknown>;
}
