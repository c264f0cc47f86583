import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The one moment a restore changes the live club: the replaced files move into a kept folder and the
 * staged ones move in, all renames inside the data folder. A crash part-way must leave neither half a club
 * nor a club the host cannot tell apart from the one before, so the renames are first written down in a
 * journal; each is done only while its source is still there and its target is not, so running the
 * journal again (at the next start, finishInterruptedRestore) completes it from wherever it stopped.
 */
export const RESTORE_JOURNAL = 'restore-journal.json';

/** A rename, both paths relative to the data folder with "/" between their parts. */
export interface SwapStep {
  from: string;
  to: string;
}

export interface RestoreJournal {
  /** The staging folder the restored club comes from; removed once every step is done. */
  staged: string;
  /** The folder the replaced club goes to. */
  kept: string;
  steps: SwapStep[];
}

/** The club's files a swap moves, in this order: the database's side files before the database. */
export interface SwapItems {
  database: string;
  secret: string | null;
  images: string | null;
}

function resolveInside(dataDir: string, relative: string): string {
  const parts = relative.split('/');
  if (relative === '' || path.isAbsolute(relative) || parts.some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`The restore journal names a path outside the data folder: ${relative}`);
  }
  return path.join(dataDir, ...parts);
}

function exists(file: string): boolean {
  return fs.lstatSync(file, { throwIfNoEntry: false }) !== undefined;
}

/** Flushes a folder's entries (the renames in it) to disk; not every system can open a folder to do so. */
function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Windows cannot open a folder; its renames are durable when they return.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * The renames of one restore, from what is there now: the live database with its write-ahead log and
 * shared memory (which belong to it and must never sit beside another database), the secret and the images
 * only when the staged club brings them, each moved out before its replacement moves in.
 */
export function planSwap(dataDir: string, journal: Omit<RestoreJournal, 'steps'>, items: SwapItems): SwapStep[] {
  const steps: SwapStep[] = [];
  // Whether or not it is there now: the server may still be running (its log comes and goes, an avatar
  // upload may make the images folder), and a step whose source is gone when it runs is skipped.
  const out = (name: string) => {
    steps.push({ from: name, to: `${journal.kept}/${name}` });
  };
  const into = (name: string) => {
    if (exists(resolveInside(dataDir, `${journal.staged}/${name}`))) steps.push({ from: `${journal.staged}/${name}`, to: name });
  };
  for (const name of [`${items.database}-wal`, `${items.database}-shm`, items.database]) out(name);
  into(`${items.database}-wal`);
  into(items.database);
  // What the staged club does not bring stays as it is: the live one is not moved out for nothing.
  for (const name of [items.secret, items.images]) {
    if (name === null || !exists(resolveInside(dataDir, `${journal.staged}/${name}`))) continue;
    out(name);
    into(name);
  }
  return steps;
}

/** Flushes a staged club (its files and folders) to disk, so a journal never names what a power cut lost. */
export function syncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(child);
    else if (entry.isFile()) {
      const fd = fs.openSync(child, 'r+');
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    }
  }
  syncFolder(dir);
}

/** The journal on disk before any rename: written whole beside and renamed into place, then flushed. */
export function writeJournal(dataDir: string, journal: RestoreJournal): void {
  const file = path.join(dataDir, RESTORE_JOURNAL);
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  const fd = fs.openSync(temporary, 'wx', 0o600);
  try {
    fs.writeSync(fd, `${JSON.stringify(journal, null, 2)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temporary, file);
  syncFolder(dataDir);
}

/** Does every step not done yet, then forgets the staging folder and the journal. */
export function runJournal(dataDir: string, journal: RestoreJournal): void {
  for (const step of journal.steps) {
    const from = resolveInside(dataDir, step.from);
    const to = resolveInside(dataDir, step.to);
    // A staged file that is neither there nor moved in was lost (deleted by hand): going on would open an
    // empty club in its place, so the host is told instead, with the journal left for another try.
    if (step.from.startsWith(`${journal.staged}/`) && !exists(from) && !exists(to)) {
      throw new Error(
        `The restore written down in ${path.join(dataDir, RESTORE_JOURNAL)} cannot be finished: ${from} is missing. ` +
          `The club it replaces is in ${resolveInside(dataDir, journal.kept)}; move its files back into ${dataDir} and delete the journal to go back to it.`,
      );
    }
    // Done already (its source has gone, or its target is there): a crash came after it, or there was nothing to move.
    if (!exists(from) || exists(to)) continue;
    fs.mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
    fs.renameSync(from, to);
  }
  syncFolder(resolveInside(dataDir, journal.kept));
  syncFolder(dataDir);
  fs.rmSync(resolveInside(dataDir, journal.staged), { recursive: true, force: true });
  fs.rmSync(path.join(dataDir, RESTORE_JOURNAL), { force: true });
  syncFolder(dataDir);
}

function isJournal(value: unknown): value is RestoreJournal {
  if (typeof value !== 'object' || value === null) return false;
  const { staged, kept, steps } = value as Record<string, unknown>;
  return (
    typeof staged === 'string' &&
    typeof kept === 'string' &&
    Array.isArray(steps) &&
    steps.every((step) => typeof step === 'object' && step !== null && typeof step.from === 'string' && typeof step.to === 'string')
  );
}

/** The journal of a restore a crash interrupted, or null when there is none. */
export function readJournal(dataDir: string): RestoreJournal | null {
  const file = path.join(dataDir, RESTORE_JOURNAL);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let journal: unknown;
  try {
    journal = JSON.parse(text);
  } catch {
    journal = null;
  }
  // It was renamed into place whole, so this is not a crash: someone edited it. The host must look.
  if (!isJournal(journal)) throw new Error(`${file} is not a restore journal Bookclub wrote; move it away after checking the data folder.`);
  return journal;
}
