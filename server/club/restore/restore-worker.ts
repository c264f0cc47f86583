// The worker thread the club's whole-club jobs run in, one after another as they are posted (club-worker.ts
// starts it and keeps it a while; the file is named for its first job): a restore's checks
// (stage-in-worker.ts) and a whole backup (backup/archive-in-worker.ts). Unpacking, checksums, gzip and
// SQLite's copy and integrity check take seconds on a large or hostile club, all synchronous, and the
// club's members are answered meanwhile by the server's own thread.
import { parentPort } from 'node:worker_threads';
import { archiveJob, type ArchiveReport, type ArchiveRequest } from '../backup/archive-in-worker';
import { failureOf, yieldToTheServer } from '../club-worker';
import { BackupRefused } from './backup-refused';
import { stageFiles } from './stage-files';
import type { StagingReport, StagingRequest } from './stage-in-worker';

async function stagingJob(request: StagingRequest): Promise<StagingReport> {
  try {
    return { staged: await stageFiles(request.file, { dataDir: request.dataDir, nativeBinding: request.nativeBinding, flush: true }) };
  } catch (error) {
    if (error instanceof BackupRefused) return { refused: { key: error.key, params: error.params } };
    return { failed: failureOf(error) };
  }
}

yieldToTheServer();
parentPort!.on('message', (request: StagingRequest | ArchiveRequest) => {
  const report: Promise<StagingReport | ArchiveReport> = request.job === 'archive' ? archiveJob(request) : stagingJob(request);
  void report.then((message) => parentPort!.postMessage(message));
});
