import fs from 'node:fs';
import path from 'node:path';
import { finishInterruptedRestore } from './restore/apply-restore';
import { claimDataDir } from './server-lock';

/** The data folder's scratch space (uploads, backups being written); whatever a crash left there goes at start. */
export const SCRATCH_DIR = 'tmp';

/**
 * Makes the data folder ready for a server: owner-only (it holds password hashes and the token-signing
 * secret), claimed for this process alone, a restore a crash cut short finished before anything opens the
 * database, the scratch space emptied. Answers the claim's release and the scratch folder.
 */
export function prepareDataFolder(dataDir: string): { release: () => void; scratchDir: string } {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const release = claimDataDir(dataDir);
  try {
    finishInterruptedRestore(dataDir, { atStart: true });
    const scratchDir = path.join(dataDir, SCRATCH_DIR);
    fs.rmSync(scratchDir, { recursive: true, force: true });
    return { release, scratchDir };
  } catch (error) {
    release();
    throw error;
  }
}
