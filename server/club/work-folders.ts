import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from './server-lock';

/** A working folder inside the data folder (same disk, so links and renames work); its name says whose. */
export function makeWorkFolder(dataDir: string, purpose: 'backup-work' | 'restore-staging'): string {
  return fs.mkdtempSync(path.join(dataDir, `.${purpose}-${process.pid}-`));
}
const WORK_FOLDER = /^\.(?:backup-work|restore-staging)-(\d+)-/;

/**
 * Clears what crashed backups and restores left in the data folder: their work folders and half-written
 * journal or status files, named for a process that is gone. `atStart`: the server starting on the folder,
 * whose own process id may be the one a crashed server had (a container starts every server as the same
 * pid), so what is named for it is a left-over too.
 */
export function clearLeftoverWork(dataDir: string, names: string[], atStart: boolean): void {
  for (const name of names) {
    const owner = WORK_FOLDER.exec(name);
    const pid = owner ? Number(owner[1]) : null;
    if (pid !== null && (pid === process.pid ? atStart : !isAlive(pid))) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    const halfWritten = name.endsWith('.tmp') && (name.startsWith('restore-journal.json.') || name.startsWith('backup-status.json.'));
    if (halfWritten && (atStart || !isAlive(Number(/\.(\d+)\./.exec(name)?.[1])))) fs.rmSync(path.join(dataDir, name), { force: true });
  }
}
