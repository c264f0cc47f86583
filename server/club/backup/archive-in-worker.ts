import type { BackupManifest } from '../archive-format';
import { errorOf, failureOf, runInWorker, type WorkerFailure } from '../club-worker';
import { writeClubArchive, type ArchiveOptions } from './write-archive';

/** What the worker is given: writeClubArchive's arguments, its clock read already (a function cannot cross). */
export interface ArchiveRequest {
  job: 'archive';
  target: string;
  options: Omit<ArchiveOptions, 'now'>;
  /** The backup's moment by the caller's clock, when it has one; else the worker reads the time as ever. */
  createdAt?: string;
}

/** What it answers, once. */
export type ArchiveReport = { archived: { bytes: number; manifest: BackupManifest } } | { failed: WorkerFailure };

/**
 * writeClubArchive in a worker thread (club-worker.ts): the same archive, made the same way, but its heavy
 * steps (SQLite's snapshot, folding its log and checking its integrity; linking the images; checksums; gzip)
 * never hold up the server's thread, so a large club goes on answering its members while it is backed up.
 * The snapshot is still SQLite's online backup in one step: one read transaction, consistent at one moment,
 * never restarted by a member's write. Throws what writeClubArchive would (a MaintenanceError when it did).
 */
export async function writeClubArchiveInWorker(target: string, options: ArchiveOptions): Promise<{ bytes: number; manifest: BackupManifest }> {
  const { now, ...archive } = options;
  const request: ArchiveRequest = { job: 'archive', target, options: archive, ...(now ? { createdAt: now().toISOString() } : {}) };
  const report = await runInWorker<ArchiveReport>('backup', request);
  if ('failed' in report) throw errorOf(report.failed);
  return report.archived;
}

/** The job, in the worker (backup-worker.ts runs it). */
export async function archiveJob(request: ArchiveRequest): Promise<ArchiveReport> {
  const { createdAt } = request;
  try {
    const clock = createdAt ? { now: () => new Date(createdAt) } : {};
    return { archived: await writeClubArchive(request.target, { ...request.options, ...clock }) };
  } catch (error) {
    return { failed: failureOf(error) };
  }
}
