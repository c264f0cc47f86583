import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { MaintenanceError } from '../maintenance-error';
import { BackupRefused } from './backup-refused';
import type { StagedRestore } from './staged-club';
import { countStaged } from './stage-restore';

/** What the worker is given: stageFiles's arguments. */
export interface StagingRequest {
  file: string;
  dataDir: string;
  nativeBinding?: string;
}

/** What it answers: the staged restore, the refusal, or another failure (a full disk), once. */
export type StagingReport =
  | { staged: StagedRestore }
  | { refused: { key: string; params: Record<string, string | number> } }
  | { failed: { name: string; message: string; stack?: string } };

/**
 * The worker's script. Built, it is dist/server/restore-worker.js (build/bundle.mjs), found from
 * dist/server/main.js and dist/electron/server-process.js alike (and beside any other bundle of the server). Run from the sources (the tests), the
 * worker cannot load TypeScript itself: it is bundled once per process with esbuild (a dev dependency)
 * into node_modules/.cache/bookclub-workers, whence its packages resolve as the server's do.
 */
let sourceBuild: Promise<URL> | null = null;
async function workerScript(): Promise<URL> {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) {
    // Beside the bundle that runs (dist/server/main.js, a test's own bundle), else dist/server/ seen from dist/electron/.
    const beside = new URL('./restore-worker.js', here);
    return fs.existsSync(fileURLToPath(beside)) ? beside : new URL('../server/restore-worker.js', here);
  }
  sourceBuild ??= (async () => {
    const root = path.resolve(path.dirname(fileURLToPath(here)), '..', '..', '..');
    const folder = path.join(root, 'node_modules', '.cache', 'bookclub-workers');
    fs.mkdirSync(folder, { recursive: true });
    // Built beside and renamed into place: test processes running at once each build it, and none ever
    // loads half a file. One file, whoever built it last (from the same sources), so none are left behind.
    const outfile = path.join(folder, 'restore-worker.mjs');
    const partial = path.join(folder, `restore-worker.${process.pid}.${crypto.randomBytes(4).toString('hex')}.partial.mjs`);
    const esbuild = await import('esbuild');
    await esbuild.build({
      entryPoints: [path.join(root, 'server', 'club', 'restore', 'restore-worker.ts')],
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
  })();
  return sourceBuild;
}

/**
 * stageRestore with its checks in a worker thread: what it reads, writes and checks is the same, and the
 * server's thread stays free to answer members while it runs (it counts what the staged club holds, quick
 * reads through the features' tables, once the checks have passed). Throws BackupRefused as stageRestore does; the staged files
 * are flushed to disk already.
 */
export async function stageRestoreInWorker(file: string, options: { dataDir: string; nativeBinding?: string }): Promise<StagedRestore> {
  const request: StagingRequest = { file, dataDir: options.dataDir, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}) };
  const worker = new Worker(await workerScript(), { workerData: request });
  const report = await new Promise<StagingReport>((resolve, reject) => {
    let answered = false;
    worker.once('message', (message: StagingReport) => {
      answered = true;
      resolve(message);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new MaintenanceError(`The restore's checks stopped without an answer (exit code ${code}).`));
    });
  });
  await worker.terminate();
  if ('staged' in report) return countStaged(report.staged, options.nativeBinding);
  if ('refused' in report) throw new BackupRefused(report.refused.key, report.refused.params);
  const error = new MaintenanceError(report.failed.message);
  error.stack = report.failed.stack ?? error.stack;
  throw error;
}
