import path from 'node:path';
import { DATABASE_FILE } from '../../db/data-source';
import { countClub } from '../club-counts';
import { stageFiles } from './stage-files';
import type { StagedRestore } from './staged-club';

/** What a staged club holds (members, posts, ... as the backup's manifest counts them), beside its images. */
export function countStaged(staged: StagedRestore, nativeBinding?: string): StagedRestore {
  staged.counts = { ...countClub(path.join(staged.dir, DATABASE_FILE), nativeBinding), ...staged.counts };
  return staged;
}

/**
 * Reads `file` (an archive, or an older bare .db), checks everything, stages it in the data folder and
 * counts what it holds. Throws BackupRefused, leaving no staging folder, when anything is wrong. Changes
 * nothing of the live club.
 */
export async function stageRestore(file: string, options: { dataDir: string; nativeBinding?: string; flush?: boolean }): Promise<StagedRestore> {
  return countStaged(await stageFiles(file, options), options.nativeBinding);
}
