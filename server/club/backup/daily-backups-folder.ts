import fs from 'node:fs';
import path from 'node:path';

/**
 * The daily backups' folder (BACKUP_DIR): the files the schedule writes there are named for the moment
 * they were made, so their names sort by time and say which files are ours. Anything else in the folder
 * (the host's own copies, other programs' files) is never listed and never deleted.
 */
const SCHEDULED_NAME = /^bookclub-backup-(\d{4})-(\d{2})-(\d{2})-(\d{2})(\d{2})\.tar\.gz$/;

export interface ScheduledBackup {
  name: string;
  bytes: number;
  createdAt: Date;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The daily backups' folder, made owner-only (0700) if it is not there, and made so if it is: each backup
 * holds password hashes and the token-signing secret, as the data folder does. On Windows, modes mean
 * little and the chmod is harmless.
 */
export function ensureBackupFolder(folder: string): void {
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  if ((fs.statSync(folder).mode & 0o777) !== 0o700) fs.chmodSync(folder, 0o700);
}

/** bookclub-backup-2026-11-24-0300.tar.gz, by the host's own clock. */
export function scheduledBackupName(date: Date): string {
  return `bookclub-backup-${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}-${two(date.getHours())}${two(date.getMinutes())}.tar.gz`;
}

/** The daily backups in `folder`, newest first; none when the folder does not exist yet. */
export function listScheduledBackups(folder: string): ScheduledBackup[] {
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const backups: ScheduledBackup[] = [];
  for (const name of names) {
    const parts = SCHEDULED_NAME.exec(name);
    if (!parts) continue;
    // A folder or a link that happens to be named like ours is not one of our files.
    const stat = fs.lstatSync(path.join(folder, name), { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    const [year, month, day, hours, minutes] = parts.slice(1).map(Number) as [number, number, number, number, number];
    backups.push({ name, bytes: stat.size, createdAt: new Date(year, month - 1, day, hours, minutes) });
  }
  return backups.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
}

/** Deletes all but the newest `keep` daily backups; answers the names it deleted. */
export function pruneScheduledBackups(folder: string, keep: number): string[] {
  const old = listScheduledBackups(folder).slice(Math.max(0, Math.floor(keep)));
  for (const backup of old) fs.rmSync(path.join(folder, backup.name), { force: true });
  return old.map((backup) => backup.name);
}
