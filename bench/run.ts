/**
 * The club's benchmark (`npm run bench`, after `npm run build`): the renderer's initial JavaScript, four
 * reads against bare node:http in a club of 50 and of 1,000 members, cold start, a storm of 3,000 ballots
 * and a thousand live clients in the big club (home during a backup and a burst of mail once wired in),
 * and search at scale; each figure beside the goals of the issues "Fast and light" and "A 1,000-member
 * club on one laptop". Each club is seeded through the club server that the scenarios then run on, and
 * its memory is reported phase by phase. Prints the tables and writes the JSON to bench/results/.
 *
 *   npm run bench -- --quick                 a smoke run: 1 s runs, one pair, a smaller search
 *   npm run bench -- --only reads,votes      some of reads|votes|live|backup|mail|start|search|size
 *   npm run bench -- --wait-quiet            before each part, wait (up to 3 min, 15 over the run) until
 *                                            other processes leave the CPUs alone: a shared build machine
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedClub, type SeededClub } from './club-seed';
import { PROJECT_ROOT, SERVER_MAIN, startClubServer, type ClubServer } from './club-server-process';
import { measureColdStart, measureNpmStarts } from './cold-start-scenario';
import { measureLiveClients } from './live-clients-scenario';
import { CONNECTIONS } from './load-runner';
import { machineBusyShare, openFilesLimit } from './proc-stats';
import { measureReads } from './reads-scenario';
import { measureRendererSize } from './renderer-size-scenario';
import { goalRows, goalTable, memoryTable, readsTable, type BenchResults, type ClubResults, type HomeUnderWorkResult, type Measured } from './report';
import { measureSearch } from './search-scenario';
import { measureVoteStorm } from './vote-storm-scenario';
import { OptionsError, parseOptions, SCENARIOS, type BenchOptions } from './bench-options';

const log = (line: string) => console.log(line);

/**
 * The fields the live clients put beside their token in the handshake: none (today's whole-document
 * events, as bots get them) unless BENCH_LIVE_HANDSHAKE gives them as JSON, e.g. '{"events":2}' for the
 * small events. Once shared/events.ts exports the opt-in (DELTA_EVENTS_HANDSHAKE), the renderer's
 * handshake goes here.
 */
function liveHandshake(): Record<string, unknown> {
  const given = process.env.BENCH_LIVE_HANDSHAKE;
  if (!given) return {};
  const fields: unknown = JSON.parse(given);
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) throw new OptionsError(`BENCH_LIVE_HANDSHAKE is not a JSON object: ${given}`);
  return fields as Record<string, unknown>;
}

/** The issue's storm: each of 1,000 members sends three ballots at once (changing their vote is allowed while a poll is open). */
const STORM_BALLOTS_PER_MEMBER = 3;

/** Others' work on the machine (tests, builds) lowers every figure: it is sampled and recorded before each part. */
let waitQuiet = false;
const QUIET_SHARE = 0.15;
const QUIET_WAIT_MAX_MS = 180_000;
/** Over the whole run, so a machine that never quiets down still gets measured. */
let quietWaitLeftMs = 15 * 60_000;

async function noteBusy(results: BenchResults, before: string): Promise<void> {
  const started = performance.now();
  let share = await machineBusyShare();
  // With --wait-quiet, a part starts once others leave the CPUs alone for two seconds (three minutes at
  // most, a quarter of an hour over the run).
  if (waitQuiet && share > QUIET_SHARE && quietWaitLeftMs > 0) {
    log(`  waiting for a quieter machine (others keep ${Math.round(share * 100)}% of the CPUs busy)...`);
    const limit = Math.min(QUIET_WAIT_MAX_MS, quietWaitLeftMs);
    while (share > QUIET_SHARE && performance.now() - started < limit) share = await machineBusyShare(2000);
    quietWaitLeftMs -= performance.now() - started;
  }
  results.machineBusy.push({ before, share });
  if (share > 0.1) log(`  note: other processes kept ${Math.round(share * 100)}% of the CPUs busy just before ${before}; figures will be lower`);
}

async function attempt<T>(what: string, work: () => Promise<T>): Promise<Measured<T>> {
  try {
    return await work();
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    log(`  ${what} failed: ${message}`);
    return { error: message };
  }
}

function quietly(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { cwd: PROJECT_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

function machine() {
  const changed = quietly('git', ['status', '--porcelain', '--', 'server', 'shared', 'renderer']).split('\n').filter(Boolean).length;
  return {
    cpu: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    openFilesLimit: openFilesLimit(),
    listenBacklogLimit: Number(quietly('cat', ['/proc/sys/net/core/somaxconn'])) || null,
    commit: quietly('git', ['rev-parse', '--short', 'HEAD']),
    uncommittedServerRendererFiles: changed,
    serverBuiltAt: fs.existsSync(SERVER_MAIN) ? fs.statSync(SERVER_MAIN).mtime.toISOString() : null,
  };
}

/** A club seeded, and the club server that seeded it, still running for the scenarios. */
interface SeededOnServer {
  club: SeededClub;
  server: ClubServer;
}

/**
 * Seeds a club through a club server process, recording the seeding in `club`; answers the club and that
 * server (the scenarios run on it after, so its peak memory covers the whole run), or null when seeding failed.
 */
async function seeded(club: ClubResults, workDir: string): Promise<SeededOnServer | null> {
  log(`Seeding a club of ${club.members} members...`);
  const serve = (dataDir: string, token: string) => startClubServer(dataDir, token, path.join(workDir, `server-${club.members}.log`));
  const seed = await attempt('seeding', () => seedClub(club.members, serve, log));
  if ('error' in seed) {
    club.seed = seed;
    return null;
  }
  club.seed = { seconds: seed.club.seedSeconds, counts: seed.club.counts };
  log(`  seeded in ${seed.club.seedSeconds.toFixed(1)} s: ${JSON.stringify(seed.club.counts)}`);
  return seed;
}

interface ServerScenario {
  /** As the memory table names its phase: "the vote storm". */
  name: string;
  run(server: ClubServer): Promise<void>;
}

/**
 * Runs scenarios one after another on the club server that seeded the club, each a phase of its memory;
 * a server that ended (crashed) is recorded and started again for the next scenario. Stops it at the end
 * and records each server process's memory phases.
 */
async function onServer(seed: SeededOnServer, label: string, results: BenchResults, workDir: string, scenarios: ServerScenario[]) {
  const { club } = seed;
  let server: ClubServer | null = seed.server;
  let restarts = 0;
  const stop = async () => {
    if (!server) return;
    const ended = server.ended();
    await server.stop();
    results.memory.push({ process: `${label}${restarts ? ` (started again: ${restarts})` : ''}${ended ? ` (${ended})` : ''}`, phases: server.phases() });
    server = null;
  };
  try {
    for (const scenario of scenarios) {
      if (server?.ended()) {
        await stop();
        restarts++;
      }
      server ??= await startClubServer(club.dataDir, club.members[0]!.token, path.join(workDir, `server-${club.memberCount}.log`));
      server.phase(scenario.name);
      await scenario.run(server);
    }
  } finally {
    await stop();
  }
}

/**
 * Scenarios other files provide, each on the 1,000-member club's server after the live clients: home's
 * latency during a whole-club backup (bench/backup-scenario.ts) and during a burst of mail
 * (bench/mail-burst-scenario.ts). Wire one in by importing its function and giving `measure` here, its
 * result as a HomeUnderWorkResult; until then `--only backup` or `mail` records that it is not measured.
 */
const UNDER_WORK: Record<
  'backup' | 'mail',
  { file: string; measure?: (club: SeededClub, server: ClubServer, workDir: string) => Promise<HomeUnderWorkResult> }
> = {
  backup: { file: 'bench/backup-scenario.ts' },
  mail: { file: 'bench/mail-burst-scenario.ts' },
};

function underWorkOn(part: keyof typeof UNDER_WORK, club: SeededClub, results: BenchResults, clubResults: ClubResults, workDir: string): ServerScenario {
  const { file, measure } = UNDER_WORK[part];
  return {
    name: part === 'backup' ? 'a whole-club backup' : 'a burst of mail',
    async run(server) {
      log(`Home during ${part === 'backup' ? 'a whole-club backup' : 'a burst of mail'}...`);
      if (!measure) {
        clubResults[part] = { error: `${file} is not wired into bench/run.ts yet` };
        log(`  not measured: ${file} is not wired into bench/run.ts yet`);
        return;
      }
      await noteBusy(results, part);
      clubResults[part] = await attempt(part, () => measure(club, server, workDir));
    },
  };
}

/** The reads of one club. */
function readsOn(club: SeededClub, results: BenchResults, clubResults: ClubResults, options: BenchOptions, workDir: string): ServerScenario {
  const where = `club of ${club.memberCount.toLocaleString('en-US')}`;
  return {
    name: 'the reads',
    async run(server) {
      log(`Reads, ${where}...`);
      clubResults.reads = await attempt('reads', () => measureReads(club, server, options, workDir, log, (read) => noteBusy(results, `GET ${read}, ${where}`)));
    },
  };
}

/** The run's file, named by the day (UTC) it started. */
/**
 * Where a run's JSON goes: bench/results/<date>.json, or <date>.<commit>.json when that day already has
 * one (a second full run does not overwrite the first; the README may cite it).
 */
function resultsFile(options: BenchOptions, startedAt: Date, commit: string): string {
  if (options.out) return path.resolve(options.out);
  const date = startedAt.toISOString().slice(0, 10);
  const partial = options.only.size < SCENARIOS.length;
  const file = (name: string) => path.join(PROJECT_ROOT, 'bench/results', `${name}${options.quick ? '.quick' : partial ? '.partial' : ''}.json`);
  return fs.existsSync(file(date)) ? file(`${date}.${commit}`) : file(date);
}

async function main() {
  let options: BenchOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof OptionsError)) throw error;
    console.error(`bench: ${error.message}`);
    process.exit(2);
  }
  const want = (scenario: (typeof SCENARIOS)[number]) => options.only.has(scenario);
  waitQuiet = options.waitQuiet;
  const started = performance.now();
  const startedAt = new Date();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-bench-run-'));
  const results: BenchResults = { clubs: [], memory: [], machineBusy: [] };
  const info = machine();
  log(`Bookclub benchmark${options.quick ? ' (--quick: a smoke run, not a measurement)' : ''}: ${[...options.only].join(', ')}`);
  log(
    `  ${info.cpu}, ${info.memory}, Node ${info.node}; commit ${info.commit}${info.uncommittedServerRendererFiles ? ` with ${info.uncommittedServerRendererFiles} uncommitted files in server/, shared/, renderer/` : ''}`,
  );
  log(`  load: ${CONNECTIONS} connections, ${options.pairs} pair(s) of ${options.seconds} s runs per read; logs in ${workDir}`);
  const seededDirs: string[] = [];
  let small: SeededClub | null = null;

  try {
    if (want('size')) {
      log('Initial renderer JavaScript...');
      results.size = await attempt('size', measureRendererSize);
    }

    if (want('reads') || want('start')) {
      const club: ClubResults = { members: 50 };
      results.clubs.push(club);
      const seed = await seeded(club, workDir);
      if (seed) {
        small = seed.club;
        seededDirs.push(small.dataDir);
        const seededClub = small;
        await onServer(seed, 'club of 50 server', results, workDir, want('reads') ? [readsOn(seededClub, results, club, options, workDir)] : []);
        if (want('start')) {
          log('Cold start...');
          await noteBusy(results, 'cold start');
          results.coldStart = await attempt('cold start', () => measureColdStart(seededClub, options.coldStarts, workDir, log));
          if (!('error' in results.coldStart))
            results.memory.push({
              process: 'cold start',
              phases: [{ phase: 'start, to its first answer', startBytes: 0, peakBytes: results.coldStart.peakRssBytes, endBytes: 0 }],
            });
        }
      }
    }

    if (want('reads') || want('votes') || want('live') || want('backup') || want('mail')) {
      const club: ClubResults = { members: 1000 };
      results.clubs.push(club);
      const seed = await seeded(club, workDir);
      if (seed) {
        const big = seed.club;
        seededDirs.push(big.dataDir);
        const scenarios: ServerScenario[] = [];
        if (want('reads')) scenarios.push(readsOn(big, results, club, options, workDir));
        if (want('votes')) {
          scenarios.push({
            name: 'the ballot storm',
            async run(server) {
              log(`Ballot storm: ${STORM_BALLOTS_PER_MEMBER} ballots from each member at once...`);
              await noteBusy(results, 'the ballot storm');
              club.votes = await attempt('ballot storm', () => measureVoteStorm(big, server, { ballotsPerMember: STORM_BALLOTS_PER_MEMBER }));
              if (!('error' in club.votes))
                log(`  ${club.votes.ballots} ballots in ${club.votes.seconds.toFixed(2)} s: ${JSON.stringify(club.votes.statuses)}`);
            },
          });
        }
        if (want('live')) {
          scenarios.push({
            name: 'the live clients',
            async run(server) {
              log('Live clients...');
              await noteBusy(results, 'the live clients');
              club.live = await attempt('live clients', () =>
                measureLiveClients(big, server, { posts: options.livePosts, waitSeconds: 20, handshake: liveHandshake() }, log),
              );
            },
          });
        }
        for (const part of ['backup', 'mail'] as const) if (want(part)) scenarios.push(underWorkOn(part, big, results, club, workDir));
        await onServer(seed, 'club of 1,000 server', results, workDir, scenarios);
      }
    }

    if (want('search')) {
      log(`Search over ${options.search.posts} posts and ${options.search.recommendations} recommendations...`);
      await noteBusy(results, 'search');
      results.search = await attempt('search', () => measureSearch(options.search, log));
    }

    // Last: it rebuilds dist/, which everything above runs from.
    if (want('start') && options.npmStart && small) {
      log('npm start, until it starts without building...');
      await noteBusy(results, 'npm start');
      const club = small;
      const script = (JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
      results.npmStart = await attempt('npm start', async () => ({ runs: await measureNpmStarts(club, workDir), script }));
    }
  } finally {
    if (!process.env.BENCH_KEEP) for (const dir of seededDirs) fs.rmSync(dir, { recursive: true, force: true });
    else log(`Seeded clubs kept in ${seededDirs.join(', ')}`);
  }

  const rows = goalRows(results);
  log('');
  log(goalTable(rows));
  const busiest = results.machineBusy.reduce((a, b) => (b.share > a.share ? b : a), { before: '', share: 0 });
  if (busiest.share > 0.1)
    log(`Other processes kept up to ${Math.round(busiest.share * 100)}% of the CPUs busy (before ${busiest.before}): a busy machine, figures are low.`);
  if (results.memory.length > 0) {
    log('');
    log(memoryTable(results));
  }
  if (results.clubs.some((club) => club.reads && !('error' in club.reads))) {
    log('');
    log(readsTable(results));
  }
  const file = resultsFile(options, startedAt, info.commit);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const minutes = (performance.now() - started) / 60_000;
  fs.writeFileSync(
    file,
    `${JSON.stringify({ date: startedAt.toISOString(), machine: info, options: { ...options, only: [...options.only] }, minutes, rows, results }, null, 2)}\n`,
  );
  log('');
  log(
    `${rows.filter((row) => row.met === true).length} goals met, ${rows.filter((row) => row.met === false).length} missed; ${minutes.toFixed(1)} minutes. Results: ${path.relative(process.cwd(), file)}`,
  );
}

await main();
