import fs from 'node:fs';
import path from 'node:path';
import { IMAGES_FOLDER, SECRET_FILE, type BackupManifest } from '../archive-format';

export interface StagedRestore {
  /**
   * A staging folder inside the data folder (same disk, so applying is renames), holding bookclub.db, and
   * token-secret.key and images/ when the backup brings them: the layout of a kept folder too.
   */
  dir: string;
  /** database: an older backup of the database alone (a bare SQLite file). */
  kind: 'archive' | 'database';
  manifest: BackupManifest | null;
  includesSecret: boolean;
  includesImages: boolean;
  /**
   * What the restored club holds (members, posts, votes...; images for an archive), counted from the staged
   * database. Always there from stageRestore; a kept folder put back has none counted.
   */
  counts?: Record<string, number>;
  /** Every staged file is flushed to disk already (stageRestore's `flush`). */
  flushed?: boolean;
}

export function discardStaged(staged: StagedRestore): void {
  fs.rmSync(staged.dir, { recursive: true, force: true });
}

/**
 * A kept folder (or any folder in the data folder with a staged folder's layout) as a restore to apply:
 * how a restore is undone.
 */
export function stagedFromKept(dir: string): StagedRestore {
  const has = (name: string) => fs.existsSync(path.join(dir, name));
  return { dir, kind: 'archive', manifest: null, includesSecret: has(SECRET_FILE), includesImages: has(IMAGES_FOLDER) };
}
