import { runInWorker, type WorkerFailure } from '../club-worker';
import { MaintenanceError } from '../maintenance-error';
import { BackupRefused } from './backup-refused';
import type { StagedRestore } from './staged-club';
import { countStaged } from './stage-restore';

/** What the worker is given: stageFiles's arguments. */
export interface StagingRequest {
  job: 'stage';
  file: string;
  dataDir: string;
  nativeBinding?: string;
}

/** What it answers: the staged restore, the refusal, or another failure (a full disk), once. */
export type StagingReport = { staged: StagedRestore } | { refused: { key: string; params: Record<string, string | number> } } | { failed: WorkerFailure };

/**
 * stageRestore with its checks in a worker thread (club-worker.ts): what it reads, writes and checks is the
 * same, and the server's thread stays free to answer members while it runs (it counts what the staged club
 * holds, quick reads through the features' tables, once the checks have passed). Throws BackupRefused as
 * stageRestore does; the staged files are flushed to disk already.
 */
export async function stageRestoreInWorker(file: string, options: { dataDir: string; nativeBinding?: string }): Promise<StagedRestore> {
  const request: StagingRequest = { job: 'stage', file, dataDir: options.dataDir, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}) };
  const report = await runInWorker<StagingReport>('restore', request);
  if ('staged' in report) return countStaged(report.staged, options.nativeBinding);
  if ('refused' in report) throw new BackupRefused(report.refused.key, report.refused.params);
  const error = new MaintenanceError(report.failed.message);
  error.stack = report.failed.stack ?? error.stack;
  throw error;
}
