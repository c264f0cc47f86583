// The worker thread a restore's checks run in (stage-in-worker.ts; club-worker.ts starts it and keeps it a
// while): unpacking, checksums and SQLite's integrity and schema checks take seconds on a large or hostile
// club, all synchronous, and the club's members are answered meanwhile by the server's own thread.
import { failureOf, serveJobs } from '../club-worker';
import { BackupRefused } from './backup-refused';
import { stageFiles } from './stage-files';
import type { StagingReport, StagingRequest } from './stage-in-worker';

serveJobs<StagingRequest, StagingReport>(async (request) => {
  try {
    return { staged: await stageFiles(request.file, { dataDir: request.dataDir, nativeBinding: request.nativeBinding, flush: true }) };
  } catch (error) {
    if (error instanceof BackupRefused) return { refused: { key: error.key, params: error.params } };
    return { failed: failureOf(error) };
  }
});
