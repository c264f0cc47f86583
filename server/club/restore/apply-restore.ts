import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../db/data-source';
import { IMAGES_FOLDER, SECRET_FILE } from '../archive-format';
import { MaintenanceError } from '../maintenance-error';
import { clearLeftoverWork } from '../work-folders';
import { planSwap, readJournal, runJournal, syncTree, writeJournal, type RestoreJournal } from './restore-journal';
import { discardStaged, type StagedRestore } from './staged-club';

/**
 * Applying a checked restore happens in two steps, so the running server can answer "restoring" between
 * them: planRestore writes down (durably) the renames that swap the staged club in, and carryOutRestore
 * does them once the live database is closed. applyRestore is both at once, for a club no server has open.
 * The replaced club (its database, its secret, its images) moves into `<dataDir>/before-restore-<time>/`,
 * except what the backup does not bring: a database-only backup leaves the live images and secret in place.
 *
 * The kept folder has the staged folder's layout, so a restore is undone by restoring the kept folder the
 * same way (stagedFromKept, then applyRestore), e.g. when the restored club will not open.
 */

/**
 * The folder a restore at `at` keeps the replaced club in, inside the data folder:
 * before-restore-2026-11-24T03-00-00-000Z. (Should one of that name exist already, planRestore adds a number.)
 */
export function keptFolderName(at: Date): string {
  return `before-restore-${at.toISOString().replace(/[:.]/g, '-')}`;
}

function freshKeptFolderName(dataDir: string, at: Date): string {
  const base = keptFolderName(at);
  let name = base;
  for (let n = 2; fs.existsSync(path.join(dataDir, name)); n++) name = `${base}-${n}`;
  return name;
}

/**
 * Writes down (durably) the renames that swap the staged club in, and does none of them. From here the
 * restore happens whatever comes: carryOutRestore does the renames once the database is closed, and the
 * next start does them (finishInterruptedRestore) if the process dies first. The live database may still be
 * open: its write-ahead log moves with it, or is gone once it closed.
 */
export function planRestore(staged: StagedRestore, options: { dataDir: string; now?: () => Date }): { keptAs: string } {
  const dataDir = path.resolve(options.dataDir);
  const stagedName = path.relative(dataDir, path.resolve(staged.dir));
  if (stagedName === '' || stagedName.includes(path.sep) || stagedName.includes('/') || stagedName === '..' || !fs.existsSync(staged.dir)) {
    throw new MaintenanceError(`${staged.dir} is not a restore staged in the data folder ${dataDir}.`);
  }
  // A restore a crash interrupted first: its journal would otherwise be overwritten half done.
  finishInterruptedRestore(dataDir);
  const kept = freshKeptFolderName(dataDir, (options.now ?? (() => new Date()))());
  let journal: RestoreJournal;
  try {
    fs.mkdirSync(path.join(dataDir, kept), { mode: 0o700 });
    const items = { database: DATABASE_FILE, secret: staged.includesSecret ? SECRET_FILE : null, images: staged.includesImages ? IMAGES_FOLDER : null };
    journal = { staged: stagedName, kept, steps: [] };
    journal.steps = planSwap(dataDir, journal, items);
    if (!staged.flushed) syncTree(staged.dir);
    writeJournal(dataDir, journal);
  } catch (error) {
    // Nothing of the live club has moved yet.
    discardStaged(staged);
    fs.rmSync(path.join(dataDir, kept), { recursive: true, force: true });
    throw error;
  }
  return { keptAs: path.join(dataDir, kept) };
}

/**
 * Does the renames planRestore wrote down, with the club's database closed (the caller's job); answers
 * whether there were any. Each rename is done only if it is not done yet, so a restore a crash cut short is
 * finished by the same step.
 */
export function carryOutRestore(dataDir: string): { carriedOut: boolean } {
  const dir = path.resolve(dataDir);
  const journal = readJournal(dir);
  if (journal) runJournal(dir, journal);
  return { carriedOut: journal !== null };
}

/** Folds the live database's write-ahead log in, so the kept database is whole on its own. */
function checkpoint(database: string, nativeBinding?: string): void {
  if (!fs.existsSync(database)) return;
  try {
    const db = new Database(database, { fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
  } catch {
    // A database that will not open keeps its log beside it in the kept folder: nothing is lost.
  }
}

/**
 * Swaps the staged club in, with the database closed (the caller's job): planned, the live database's log
 * folded in, carried out. Atomic against crashes, as the journal makes it.
 */
export function applyRestore(staged: StagedRestore, options: { dataDir: string; nativeBinding?: string; now?: () => Date }): { keptAs: string } {
  const planned = planRestore(staged, options);
  checkpoint(path.join(options.dataDir, DATABASE_FILE), options.nativeBinding);
  carryOutRestore(options.dataDir);
  return planned;
}

/**
 * At start-up (and before a restore is planned), before the database is opened: finishes a restore a crash
 * interrupted (rolls it forward with carryOutRestore), else changes nothing of the club. Either way it
 * clears what crashed backups and restores left behind (clearLeftoverWork; `atStart` as it says).
 */
export function finishInterruptedRestore(dataDir: string, { atStart = false } = {}): { finished: boolean } {
  const dir = path.resolve(dataDir);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { finished: false };
    throw error;
  }
  const { carriedOut } = carryOutRestore(dir);
  clearLeftoverWork(dir, names, atStart);
  return { finished: carriedOut };
}
