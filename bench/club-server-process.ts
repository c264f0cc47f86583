// The club server under test, as members run it: the built `node dist/server/main.js` in its own process,
// its log going to a file (it logs every API request, as it does for a host), on a data folder the bench
// seeded. The bench reads its CPU time and peak memory from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { peakRssBytes, resetPeakRss, rssBytes } from './proc-stats';

/** The project's root: this file is bundled to dist/bench/. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SERVER_MAIN = path.join(PROJECT_ROOT, 'dist/server/main.js');

/** The server's resident memory over one phase of the run (seeding, a read, the ballot storm...). */
export interface PhaseMemory {
  phase: string;
  /** Resident when the phase began, its peak (VmHWM since then), and resident when it ended. */
  startBytes: number;
  peakBytes: number;
  endBytes: number;
}

export interface ClubServer {
  url: string;
  pid: number;
  /** Where its output goes (its request log among it). */
  logFile: string;
  /** Milliseconds from spawning to the first 200 answer of GET /api/home. */
  startMs: number;
  /** The process's peak resident memory since it started, over all its phases. */
  peakRss(): number;
  /**
   * Ends the phase under way and begins `name`: the peak of each phase is its own (the kernel's VmHWM is
   * set back to the resident memory at each phase's start), so the phase that makes the process's peak is
   * known. The first phase, "start", runs from spawning to the first answer.
   */
  phase(name: string): void;
  /** Each phase so far, the one under way as it stands. */
  phases(): PhaseMemory[];
  /** How the process ended, while it should not have (a crash under load); null while it runs. */
  ended(): string | null;
  /** Stops it with SIGTERM as a host would (Ctrl+C), and answers its peak resident memory. */
  stop(): Promise<number>;
}

/** A port nobody listens on now (the server is told it, so the bench can knock before it prints anything). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** One GET on a fresh connection; answers its status, or 0 when the connection was refused or failed. */
export function statusOf(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.on('error', () => resolve(0));
    request.setTimeout(10_000, () => request.destroy());
  });
}

/**
 * Knocks on `url` every few milliseconds until it answers 200; answers the milliseconds since `since`.
 * Fails when the process ends first or `timeoutMs` passes.
 */
export async function firstAnswerMs(url: string, headers: Record<string, string>, since: number, child: ChildProcess, timeoutMs = 60_000): Promise<number> {
  let exited: string | null = null;
  const onExit = (code: number | null, signal: string | null) => (exited = `exited with ${signal ?? code}`);
  child.once('exit', onExit);
  try {
    for (;;) {
      if (exited) throw new Error(`the server ${exited} before answering`);
      if (performance.now() - since > timeoutMs) throw new Error(`no 200 from ${url} within ${timeoutMs / 1000} s`);
      if ((await statusOf(url, headers)) === 200) return performance.now() - since;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.off('exit', onExit);
  }
}

/** Ends a child with SIGTERM, and with SIGKILL if it has not ended within `graceMs`. */
export function stopChild(child: ChildProcess, graceMs = 10_000, group = false): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = (signal: NodeJS.Signals) => {
      try {
        if (group && child.pid) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    kill('SIGTERM');
  });
}

/**
 * The Node flags `npm start` runs the server with (`node <flags> dist/server/main.js` in package.json's
 * start script), so the benchmark measures the server as a host runs it.
 */
export function startScriptNodeFlags(startScript: string): string[] {
  const command = /(?:^|&&|;)\s*node((?:\s+-[^\s]+)*)\s+dist\/server\/main\.js\b/.exec(startScript);
  if (!command) throw new Error(`package.json's start script does not run dist/server/main.js with node: ${startScript}`);
  return command[1]!.split(/\s+/).filter(Boolean);
}

/**
 * Node flags for the club server: npm start's, then BENCH_SERVER_NODE_FLAGS (split at spaces), to see where
 * its time and memory go: `BENCH_SERVER_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench --
 * --only live` (or --heap-prof). Profiles are written when the server exits, after the run's SIGTERM.
 */
function serverNodeFlags(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return [...startScriptNodeFlags(scripts.start ?? ''), ...(process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean)];
}

/**
 * Starts the built club server on the data folder and waits for its first 200 on GET /api/home as the
 * given member. Its output goes to `logFile`.
 */
export async function startClubServer(dataDir: string, token: string, logFile: string): Promise<ClubServer> {
  if (!fs.existsSync(SERVER_MAIN)) throw new Error(`${SERVER_MAIN} is missing: run npm run build first`);
  const port = await freePort();
  const log = fs.openSync(logFile, 'a');
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...serverNodeFlags(), SERVER_MAIN, '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${port}`;
  let startMs: number;
  try {
    startMs = await firstAnswerMs(`${url}/api/home`, { Authorization: `Bearer ${token}` }, spawnedAt, child);
  } catch (error) {
    await stopChild(child);
    throw new Error(`${(error as Error).message}; its log: ${logFile}`, { cause: error });
  }
  const pid = child.pid!;
  let ended: string | null = null;
  child.once('exit', (code, signal) => (ended = `exited with ${signal ?? code}`));
  // Where /proc/<pid>/clear_refs cannot set VmHWM back (not Linux), each phase's peak is the process's so far.
  const done: PhaseMemory[] = [];
  let current = { phase: 'start', startBytes: 0 };
  let last: PhaseMemory = { ...current, peakBytes: 0, endBytes: 0 };
  const now = (): PhaseMemory => {
    try {
      last = { ...current, peakBytes: peakRssBytes(pid), endBytes: rssBytes(pid) };
    } catch {
      // ended: the phase's last reading stands
      if (last.phase !== current.phase || last.startBytes !== current.startBytes) last = { ...current, peakBytes: 0, endBytes: 0 };
    }
    return last;
  };
  const phases = () => [...done, now()];
  const peakRss = () => Math.max(0, ...phases().map((phase) => phase.peakBytes));
  return {
    url,
    pid,
    logFile,
    startMs,
    peakRss,
    phase(name) {
      const ending = now();
      done.push(ending);
      resetPeakRss(pid);
      current = { phase: name, startBytes: ending.endBytes };
    },
    phases,
    ended: () => ended,
    async stop() {
      const peak = peakRss();
      await stopChild(child);
      return peak;
    },
  };
}
