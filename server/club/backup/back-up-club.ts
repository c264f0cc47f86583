import type { BackupKind } from '../../../shared/api/host';
import { APP_VERSION } from '../../app-version';
import { recordBackup } from './backup-status';
import type { BackupManifest } from '../archive-format';
import { writeClubArchiveInWorker } from './archive-in-worker';

export interface ClubBackupOptions {
  dataDir: string;
  siteName: string;
  nativeBinding?: string;
  /** How it was asked for, as the host page says it: download, scheduled, command or desktop. */
  kind: BackupKind;
  now?: () => Date;
}

/**
 * A whole-club backup to `target`, however it is asked for (the host page, the daily schedule, the command
 * line, the desktop menu), recorded as the host page's "last backup". A backup that is made but could not
 * be recorded is still a backup: the record's failure is only logged. Made in a worker thread: the club
 * goes on answering its members meanwhile.
 */
export async function backUpClub(target: string, options: ClubBackupOptions): Promise<{ bytes: number; manifest: BackupManifest }> {
  const { kind, ...archive } = options;
  const made = await writeClubArchiveInWorker(target, { ...archive, appVersion: APP_VERSION });
  try {
    recordBackup(options.dataDir, { at: new Date(made.manifest.createdAt), kind });
  } catch (error) {
    console.warn(`The backup to ${target} is made, but the host page will not show it:`, error);
  }
  return made;
}
