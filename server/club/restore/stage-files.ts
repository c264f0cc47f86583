import fs from 'node:fs';
import path from 'node:path';
import { DATABASE_FILE } from '../../db/data-source';
import { MaintenanceError } from '../maintenance-error';
import { makeWorkFolder } from '../work-folders';
import { MAX_DATABASE_BYTES } from './backup-limits';
import { refused } from './backup-refused';
import { checkStagedDatabase } from './check-staged-database';
import { syncTree } from './restore-journal';
import type { StagedRestore } from './staged-club';
import { stageArchive } from './unpack-archive';

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

/** An older backup: the database alone, as `npm start -- backup` and the desktop menu wrote them before. */
async function stageDatabase(source: string, dir: string, nativeBinding?: string): Promise<StagedRestore> {
  const size = fs.statSync(source).size;
  if (size > MAX_DATABASE_BYTES) throw refused('backupDatabaseTooLarge', { limit: `${MAX_DATABASE_BYTES / 1024 ** 3} GB` });
  const file = path.join(dir, DATABASE_FILE);
  fs.copyFileSync(source, file);
  fs.chmodSync(file, 0o600);
  await checkStagedDatabase(file, nativeBinding);
  return { dir, kind: 'database', manifest: null, includesSecret: false, includesImages: false };
}

function readHead(file: string, length: number): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(length);
    const read = fs.readSync(fd, head, 0, length, 0);
    return head.subarray(0, read);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Reads `file` (an archive, or an older bare .db), checks everything, and stages it in the data folder.
 * Throws BackupRefused, leaving no staging folder, when anything is wrong. Changes nothing of the live club.
 * What the club holds is counted afterwards (stage-restore.ts): this is all the worker thread runs, and
 * counting goes through the features, whose modules the worker need not load.
 */
export async function stageFiles(file: string, options: { dataDir: string; nativeBinding?: string; flush?: boolean }): Promise<StagedRestore> {
  const source = path.resolve(file);
  if (!fs.statSync(source, { throwIfNoEntry: false })?.isFile()) throw new MaintenanceError(`There is no backup file at ${source}.`);
  const head = readHead(source, SQLITE_HEADER.length);
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const dir = makeWorkFolder(options.dataDir, 'restore-staging');
  try {
    let staged: StagedRestore;
    if (head.equals(SQLITE_HEADER)) staged = await stageDatabase(source, dir, options.nativeBinding);
    else if (head.subarray(0, GZIP_MAGIC.length).equals(GZIP_MAGIC)) staged = await stageArchive(source, dir, options.nativeBinding);
    else throw refused('backupNotRecognized');
    if (options.flush) {
      // On disk before the journal names them (planRestore would otherwise flush them in the server's thread).
      syncTree(dir);
      staged.flushed = true;
    }
    return staged;
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
