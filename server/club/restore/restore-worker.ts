// The worker thread a restore's checks run in (stage-in-worker.ts starts it): unpacking, checksums and
// SQLite's integrity check take seconds on a large or hostile backup, all synchronous, and the club's
// other members are answered meanwhile by the server's own thread.
import { parentPort, workerData } from 'node:worker_threads';
import { BackupRefused } from './backup-refused';
import { stageFiles } from './stage-files';
import type { StagingReport, StagingRequest } from './stage-in-worker';

const request = workerData as StagingRequest;

function report(message: StagingReport): void {
  parentPort!.postMessage(message);
}

stageFiles(request.file, { dataDir: request.dataDir, nativeBinding: request.nativeBinding, flush: true }).then(
  (staged) => report({ staged }),
  (error: unknown) => {
    if (error instanceof BackupRefused) report({ refused: { key: error.key, params: error.params } });
    else report({ failed: { name: (error as Error)?.name ?? 'Error', message: (error as Error)?.message ?? String(error), stack: (error as Error)?.stack } });
  },
);
