/**
 * The club's benchmark (`npm run bench`, after `npm run build`): the renderer's initial JavaScript, four
 * reads against bare node:http in a club of 50 and of 1,000 members, cold start, a storm of 3,000 ballots
 * a thousand live clients, home during a burst of mail and during a whole-club backup in the big club,
 * and search at scale; each figure beside the goals of the issues "Fast and light" and "A 1,000-member
 * club on one laptop". Each club is seeded through the club server that the scenarios then run on, and
 * its memory is reported phase by phase. Prints the tables and writes the JSON to bench/results/.
 *
 *   npm run bench -- --quick                 a smoke run: 1 s runs, one pair, a smaller search
 *   npm run bench -- --only reads,votes      some of reads|readers|votes|live|backup|mail|start|search|size|demo
 *   npm run bench -- --wait-quiet            before each part, wait (up to 3 min, 15 over the run) until
 *                                            other processes leave the CPUs alone: a shared build machine
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import { addPosts, measureBackup } from './backup-scenario';
import { seedClub, type SeededClub } from './club-seed';
import { PROJECT_ROOT, startClubServer, type ClubServer } from './club-server-process';
import { measureColdStart, measureNpmStarts } from './cold-start-scenario';
import { measureDemoStarts } from './demo-start-scenario';
import { measureLiveClients } from './live-clients-scenario';
import { machine } from './machine-info';
import { MAIL_BURST_DEFAULTS, measureMailBurst } from './mail-burst-scenario';
import { CONNECTIONS } from './load-runner';
import { machineBusyShare } from './proc-stats';
import { measureReaders } from './readers-scenario';
import { measureReads } from './reads-scenario';
import { measureRendererSize } from './renderer-size-scenario';
import { count, goalRows, goalTable, memoryTable, readsTable, type BenchResults, type ClubResults, type Measured } from './report';
import { measureSearch } from './search-scenario';
import { measureVoteStorm } from './vote-storm-scenario';
import { liveHandshake, OptionsError, parseOptions, SCENARIOS, type BenchOptions } from './bench-options';

const log = (line: string) => console.log(line);

/** The issue's storm: each of 1,000 members sends three ballots at once (changing their vote is allowed while a poll is open). */
const STORM_BALLOTS_PER_MEMBER = 3;
/**
 * The storm twice: members voting through our renderer, which asks each vote for its receipt, then through
 * Obskurnee's client, which gets the whole poll; BENCH_STORM_ANSWER=receipt or =whole for one of them.
 */
const STORM_ANSWERS = (['receipt', 'whole'] as const).filter((answer) => (process.env.BENCH_STORM_ANSWER ?? answer) === answer);

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
  /** Work on the club's files before the scenario, with its server stopped (and started again after). */
  offline?(): void;
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
  /** Why the running server was started again, if it was: after a crash, or for a scenario's offline work. */
  let startedAgain = '';
  const stop = async () => {
    if (!server) return;
    const ended = server.ended();
    await server.stop();
    results.memory.push({ process: `${label}${startedAgain}${ended ? ` (${ended})` : ''}`, phases: server.phases() });
    server = null;
  };
  try {
    for (const scenario of scenarios) {
      if (server?.ended() || scenario.offline) await stop();
      if (!server) {
        scenario.offline?.();
        startedAgain = ` (started again for ${scenario.name})`;
      }
      server ??= await startClubServer(club.dataDir, club.members[0]!.token, path.join(workDir, `server-${club.memberCount}.log`));
      server.phase(scenario.name);
      await scenario.run(server);
    }
  } finally {
    await stop();
  }
}

/** The posts the club has when its backup is measured: the issue's "1,000 members and 50,000 posts". */
const BACKUP_CLUB_POSTS = 50_000;

/** Home during a burst of mail (bench/mail-burst-scenario.ts): a round and 20 suggestions, to every member. */
function mailBurstOn(club: SeededClub, results: BenchResults, clubResults: ClubResults): ServerScenario {
  return {
    name: 'a burst of mail',
    async run(server) {
      log('Home during a burst of mail...');
      await noteBusy(results, 'mail');
      clubResults.mail = await attempt('mail', async () => {
        const burst = await measureMailBurst(club, server, MAIL_BURST_DEFAULTS, log);
        const drained =
          burst.drainSeconds === null ? `not drained within ${MAIL_BURST_DEFAULTS.drainTimeoutSeconds} s` : `drained in ${burst.drainSeconds.toFixed(1)} s`;
        log(
          `  ${burst.events} events, ${count(burst.deliveredMails)} of ${count(burst.expectedMails)} mails ${drained}; home p99 ${burst.home.burst.p99Ms.toFixed(1)} ms ` +
            `(before ${burst.home.before.p99Ms.toFixed(1)} ms); ${burst.duplicates} doubled, ${burst.missing} missing, ${burst.wrongLanguage} in the wrong language`,
        );
        return {
          work: `a burst of ${burst.events} events to ${count(burst.members)} members`,
          homeP50Ms: burst.home.burst.p50Ms,
          homeP99Ms: burst.home.burst.p99Ms,
          workSeconds: burst.drainSeconds ?? MAIL_BURST_DEFAULTS.drainTimeoutSeconds,
          notes: [
            `${count(burst.deliveredMails)} of ${count(burst.expectedMails)} mails ${drained}, ${burst.mailsPerEvent.min}–${burst.mailsPerEvent.max} per event`,
            `${burst.duplicates} doubled, ${burst.missing} missing, ${burst.wrongLanguage} in the wrong language`,
            `home p99 over the whole drain ${burst.home.drain.p99Ms.toFixed(1)} ms`,
          ],
          details: burst,
        };
      });
    },
  };
}

/**
 * Home during a whole-club backup (bench/backup-scenario.ts), once the club has the goal's 50,000 posts: they
 * are added with the club server stopped, as years of a club's posts would be there when it starts.
 */
function backupOn(club: SeededClub, results: BenchResults, clubResults: ClubResults): ServerScenario {
  return {
    name: 'a whole-club backup',
    offline() {
      log(`Adding posts up to ${count(BACKUP_CLUB_POSTS)}, the club server stopped...`);
      const posts = addPosts(club, 0);
      if (posts < BACKUP_CLUB_POSTS) log(`  the club has ${count(addPosts(club, BACKUP_CLUB_POSTS - posts))} posts`);
    },
    async run(server) {
      log('Home during a whole-club backup...');
      await noteBusy(results, 'backup');
      clubResults.backup = await attempt('backup', async () => {
        const backup = await measureBackup(club, server, log);
        return {
          work: `a whole-club backup (${count(backup.posts)} posts, ${(backup.databaseBytes / 2 ** 20).toFixed(0)} MiB)`,
          homeP50Ms: backup.duringBackup.p50Ms,
          homeP99Ms: backup.duringBackup.p99Ms,
          workSeconds: backup.backupSeconds,
          notes: [
            `${(backup.archiveBytes / 2 ** 20).toFixed(1)} MiB archive sent in ${backup.downloadSeconds.toFixed(1)} s`,
            `home p99 with no backup ${backup.quiet.p99Ms.toFixed(1)} ms`,
          ],
          details: backup,
        };
      });
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

    if (want('reads') || want('readers') || want('votes') || want('live') || want('backup') || want('mail')) {
      const club: ClubResults = { members: 1000 };
      results.clubs.push(club);
      const seed = await seeded(club, workDir);
      if (seed) {
        const big = seed.club;
        seededDirs.push(big.dataDir);
        const scenarios: ServerScenario[] = [];
        if (want('reads')) scenarios.push(readsOn(big, results, club, options, workDir));
        if (want('readers'))
          scenarios.push({
            name: 'readers of the largest answers, uncompressed',
            async run(server) {
              await noteBusy(results, 'the uncompressed readers');
              club.readers = await attempt('readers', () => measureReaders(big, server, options.seconds, log));
            },
          });
        for (const answer of want('votes') ? STORM_ANSWERS : []) {
          const what = answer === 'whole' ? 'the ballot storm, whole poll answers' : 'the ballot storm';
          scenarios.push({
            name: what,
            async run(server) {
              log(
                `Ballot storm: ${STORM_BALLOTS_PER_MEMBER} ballots from each member at once, answered ${answer === 'whole' ? 'the whole poll' : 'receipts'}...`,
              );
              await noteBusy(results, what);
              const storm = await attempt(what, () => measureVoteStorm(big, server, { ballotsPerMember: STORM_BALLOTS_PER_MEMBER, answer }));
              club[answer === 'whole' ? 'wholeVotes' : 'votes'] = storm;
              if (!('error' in storm)) log(`  ${storm.ballots} ballots in ${storm.seconds.toFixed(2)} s: ${JSON.stringify(storm.statuses)}`);
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
        // Mail before the backup: the backup's posts would change what the mail's round reads.
        if (want('mail')) scenarios.push(mailBurstOn(big, results, club));
        if (want('backup')) scenarios.push(backupOn(big, results, club));
        await onServer(seed, 'club of 1,000 server', results, workDir, scenarios);
      }
    }

    if (want('search')) {
      log(`Search over ${options.search.posts} posts and ${options.search.recommendations} recommendations...`);
      await noteBusy(results, 'search');
      results.search = await attempt('search', () => measureSearch(options.search, log));
    }

    if (want('demo')) {
      log('npm start -- demo, to the member signed in on home...');
      await noteBusy(results, 'the demo');
      results.demoStart = await attempt('demo', () => measureDemoStarts(options.demoStarts, workDir, log));
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
  // Written as the format check wants it, so a run's file can be committed as it is.
  const json = JSON.stringify({ date: startedAt.toISOString(), machine: info, options: { ...options, only: [...options.only] }, minutes, rows, results });
  fs.writeFileSync(file, await prettier.format(json, { ...(await prettier.resolveConfig(file)), filepath: file }));
  log('');
  log(
    `${rows.filter((row) => row.met === true).length} goals met, ${rows.filter((row) => row.met === false).length} missed; ${minutes.toFixed(1)} minutes. Results: ${path.relative(process.cwd(), file)}`,
  );
}

await main();
