import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';
import { MaintenanceError } from './maintenance-error';

/**
 * The worker thread a whole-club job runs in while the club is open: a restore's checks
 * (restore/stage-in-worker.ts) and a whole backup (backup/archive-in-worker.ts). Their steps are synchronous
 * and take seconds on a large club (SQLite's copy and integrity check, gzip, checksums); in their own
 * thread, the club's members are answered meanwhile by the server's. Each kind of job has its own script,
 * built beside every bundle of the server: a backup's loads SQLite and tar alone (a few MiB of memory), a
 * restore's the schema's migrations with TypeORM too (some 50 MiB more, for a job a host runs once).
 */
export const WORKER_SCRIPTS = {
  backup: { entry: path.join('server', 'club', 'backup', 'backup-worker.ts'), file: 'backup-worker.js' },
  restore: { entry: path.join('server', 'club', 'restore', 'restore-worker.ts'), file: 'restore-worker.js' },
  // Not a whole-club job: pages from other sites, read off the members' thread (server/page-reader.ts).
  pageReader: { entry: path.join('server', 'page-reader-worker.ts'), file: 'page-reader-worker.js' },
} as const;
export type WorkerScript = keyof typeof WORKER_SCRIPTS;

/** How a job failed, as a worker can post it: an Error's class does not survive the crossing. */
export interface WorkerFailure {
  name: string;
  message: string;
  stack?: string;
  /** A system error's code (ENOSPC), or SQLite's (SQLITE_CORRUPT). */
  code?: string;
}

export function failureOf(error: unknown): WorkerFailure {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const code = (error as NodeJS.ErrnoException).code;
  return {
    name: error instanceof MaintenanceError ? 'MaintenanceError' : error.name,
    message: error.message,
    ...(error.stack ? { stack: error.stack } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/** The failure as the job would have thrown it in this thread: a MaintenanceError when it was one. */
export function errorOf(failure: WorkerFailure): Error {
  const error = failure.name === 'MaintenanceError' ? new MaintenanceError(failure.message) : new Error(failure.message);
  if (failure.name !== 'MaintenanceError') error.name = failure.name;
  if (failure.code) (error as NodeJS.ErrnoException).code = failure.code;
  error.stack = failure.stack ?? error.stack;
  return error;
}

/**
 * How much the job's thread yields to the server's when both want a CPU (Linux's niceness, 0 to 19): at 10
 * the kernel gives it about a tenth of a contended core, the whole core when the club is quiet.
 */
const WORKER_NICENESS = 10;

/**
 * Called first in the worker: on Linux each thread has a niceness of its own, so the job yields the CPUs
 * to the server's thread, which answers members. Elsewhere the call would lower the whole process (the
 * server too), so it is left alone there.
 */
export function yieldToTheServer(): void {
  if (process.platform !== 'linux') return;
  try {
    os.setPriority(WORKER_NICENESS);
  } catch {
    // Not allowed here (a sandbox): the job runs as it is, still off the server's thread.
  }
}

/**
 * A worker's script. Built, it is dist/server/<file> (build/bundle.mjs), found from dist/server/main.js and
 * dist/electron/server-process.js alike (and beside any other bundle of the server). Run from the sources
 * (the tests), the worker cannot load TypeScript itself: it is bundled once per process with esbuild (a dev
 * dependency) into node_modules/.cache/bookclub-workers, whence its packages resolve as the server's do.
 */
const sourceBuilds = new Map<WorkerScript, Promise<URL>>();
export async function workerScript(script: WorkerScript): Promise<URL> {
  const here = import.meta.url;
  const { entry, file } = WORKER_SCRIPTS[script];
  if (!here.endsWith('.ts')) {
    // Beside the bundle that runs (dist/server/main.js, a test's own bundle), else dist/server/ seen from dist/electron/.
    const beside = new URL(`./${file}`, here);
    return fs.existsSync(fileURLToPath(beside)) ? beside : new URL(`../server/${file}`, here);
  }
  let build = sourceBuilds.get(script);
  if (!build) {
    build = buildFromSources(path.resolve(path.dirname(fileURLToPath(here)), '..', '..'), entry, script);
    sourceBuilds.set(script, build);
  }
  return build;
}

async function buildFromSources(root: string, entry: string, script: WorkerScript): Promise<URL> {
  const folder = path.join(root, 'node_modules', '.cache', 'bookclub-workers');
  fs.mkdirSync(folder, { recursive: true });
  // Built beside and renamed into place: test processes running at once each build it, and none ever
  // loads half a file. One file per checkout of the sources, whoever built it last, so none are left
  // behind, and worktrees that share node_modules never load each other's.
  const checkout = crypto.createHash('sha256').update(root).digest('hex').slice(0, 12);
  const outfile = path.join(folder, `${script}-worker-${checkout}.mjs`);
  const partial = path.join(folder, `${script}-worker-${checkout}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.partial.mjs`);
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [path.join(root, entry)],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  fs.renameSync(partial, outfile);
  return pathToFileURL(outfile);
}

/**
 * How long a worker that has done its job waits for the next (a restore after a backup, a test's backups
 * one after another) before it ends: starting one loads the server's packages again, about a second.
 */
const IDLE_MS = 30_000;

/** The worker kept for the next job of its script, and the timer that ends it once idle. */
let kept: { script: WorkerScript; worker: Worker } | null = null;
let idle: NodeJS.Timeout | null = null;
/** Jobs run one after another: each waits for the one before it. */
let queue: Promise<unknown> = Promise.resolve();

async function startWorker(script: WorkerScript): Promise<Worker> {
  const worker = new Worker(await workerScript(script));
  worker.on('exit', () => {
    if (kept?.worker === worker) kept = null;
  });
  // Reported to the job under way (its own listener); between jobs an ended worker is simply not used again.
  worker.on('error', () => {});
  return worker;
}

async function runNow<Report>(script: WorkerScript, job: object): Promise<Report> {
  if (idle) clearTimeout(idle);
  idle = null;
  // A worker kept for the other script is not wanted now: one worker at a time.
  if (kept && kept.script !== script) {
    void kept.worker.terminate();
    kept = null;
  }
  const worker = kept?.worker ?? (await startWorker(script));
  kept = { script, worker };
  // Running, it keeps this process alive (`npm start -- backup` waits for it); idle, it does not.
  worker.ref();
  try {
    return await new Promise<Report>((resolve, reject) => {
      const settle = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (report: Report) => {
        settle();
        resolve(report);
      };
      const onError = (error: Error) => {
        settle();
        reject(error);
      };
      const onExit = (code: number) => {
        settle();
        reject(new MaintenanceError(`The club's worker thread stopped without an answer (exit code ${code}).`));
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(job);
    });
  } catch (error) {
    // A worker that failed outside its job (or ended) is not trusted with the next one.
    if (kept?.worker === worker) kept = null;
    void worker.terminate();
    throw error;
  } finally {
    if (kept?.worker === worker) {
      worker.unref();
      idle = setTimeout(() => {
        if (kept?.worker !== worker) return;
        kept = null;
        void worker.terminate();
      }, IDLE_MS);
      idle.unref();
    }
  }
}

/**
 * Runs one job in a worker thread of the script's and answers the one message the job posts (its report).
 * One job at a time; a worker that ends without answering is a MaintenanceError, and the next job gets a
 * new one.
 */
export function runInWorker<Report>(script: WorkerScript, job: object): Promise<Report> {
  const run = queue.then(() => runNow<Report>(script, job));
  queue = run.catch(() => {});
  return run;
}

/**
 * In a worker's script: yields the CPUs to the server's thread, then answers each job posted with the one
 * report `run` makes of it, one job after another as they come.
 */
export function serveJobs<Request, Report>(run: (request: Request) => Promise<Report>): void {
  yieldToTheServer();
  parentPort!.on('message', (request: Request) => {
    const collecting = collectWhileWorking();
    void run(request)
      .finally(() => clearInterval(collecting))
      .then((report) => parentPort!.postMessage(report));
  });
}

/** How often a job's garbage is collected while it runs, where the server exposes the collector. */
const COLLECT_EVERY_MS = 200;

/**
 * A job streams the whole club through fresh buffers (tar's reads, gzip's output): garbage a small heap
 * hardly notices, so V8 collects it only once some 64 MB of it is held outside the heap, all of it added to
 * the server's resident memory. The server runs with --expose-gc (server/heap-flags.ts) so the job's thread
 * collects it as it goes, a few milliseconds of the worker's own time each; without it the job runs as ever.
 */
function collectWhileWorking(): NodeJS.Timeout | undefined {
  const collect = (globalThis as { gc?: () => void }).gc;
  return collect ? setInterval(collect, COLLECT_EVERY_MS) : undefined;
}
