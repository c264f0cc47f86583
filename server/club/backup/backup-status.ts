import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BackupKind } from '../../../shared/api/host';

/**
 * The host's record of its backups, shown on the host page: the last whole backup however it was made,
 * and the daily backup's failure since it last worked. Host state, in the data folder but in no backup.
 */
export const BACKUP_STATUS_FILE = 'backup-status.json';

export interface BackupStatus {
  last: { at: string; kind: BackupKind } | null;
  scheduledFailure: { at: string; message: string } | null;
}

const KINDS: readonly string[] = ['download', 'scheduled', 'command', 'desktop'] satisfies BackupKind[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isInstant(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value));
}

/** What the file says; a missing, unreadable or foreign file (or part of it) reads as nothing recorded. */
export function readBackupStatus(dataDir: string): BackupStatus {
  let stored: unknown;
  try {
    stored = JSON.parse(fs.readFileSync(path.join(dataDir, BACKUP_STATUS_FILE), 'utf8'));
  } catch {
    return { last: null, scheduledFailure: null };
  }
  const { last, scheduledFailure } = isRecord(stored) ? stored : {};
  return {
    last:
      isRecord(last) && isInstant(last.at) && typeof last.kind === 'string' && KINDS.includes(last.kind)
        ? { at: last.at, kind: last.kind as BackupKind }
        : null,
    scheduledFailure:
      isRecord(scheduledFailure) && isInstant(scheduledFailure.at) && typeof scheduledFailure.message === 'string'
        ? { at: scheduledFailure.at, message: scheduledFailure.message }
        : null,
  };
}

/** A whole backup was made; a daily one that worked ends the failure reported since the last. */
export function recordBackup(dataDir: string, backup: { at: Date; kind: BackupKind }): void {
  const status = readBackupStatus(dataDir);
  writeBackupStatus(dataDir, {
    last: { at: backup.at.toISOString(), kind: backup.kind },
    scheduledFailure: backup.kind === 'scheduled' ? null : status.scheduledFailure,
  });
}

/** The daily backup failed; reported until one works again. */
export function recordScheduledFailure(dataDir: string, failure: { at: Date; message: string }): void {
  const status = readBackupStatus(dataDir);
  writeBackupStatus(dataDir, { ...status, scheduledFailure: { at: failure.at.toISOString(), message: failure.message } });
}

/** Whole or not at all: written beside and renamed over, so a crash never leaves half a file. */
function writeBackupStatus(dataDir: string, status: BackupStatus): void {
  const file = path.join(dataDir, BACKUP_STATUS_FILE);
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(temporary, `${JSON.stringify(status, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}
