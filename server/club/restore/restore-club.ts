import { applyRestore } from './apply-restore';
import { stageRestore } from './stage-restore';
import type { StagedRestore } from './staged-club';

/** stageRestore and applyRestore in one, for the command line and the desktop shell (server stopped). */
export async function restoreClub(
  file: string,
  options: { dataDir: string; nativeBinding?: string; now?: () => Date },
): Promise<{ keptAs: string; staged: Omit<StagedRestore, 'dir'> }> {
  const staged = await stageRestore(file, options);
  const { keptAs } = applyRestore(staged, options);
  const { kind, manifest, includesSecret, includesImages, counts } = staged;
  return { keptAs, staged: { kind, manifest, includesSecret, includesImages, counts } };
}
