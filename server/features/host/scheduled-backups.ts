import fs from 'node:fs';
import path from 'node:path';
import type { HostStatus } from '../../../shared/api/host';
import { backUpClub } from '../../club/backup/back-up-club';
import { recordScheduledFailure, type BackupStatus } from '../../club/backup/backup-status';
import { ensureBackupFolder, listScheduledBackups, pruneScheduledBackups, scheduledBackupName } from '../../club/backup/daily-backups-folder';
import { isAlive } from '../../club/server-lock';
import type { ScheduledTask } from '../schedule';
import type { HostProcess } from '../../club/host-process';

export const BACKUP_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Not in the first minutes after a start (the host may be restarting to change a setting): a while after. */
export const FIRST_BACKUP_AFTER_START_MS = 10 * 60 * 1000;
/** A failed daily backup (a full disk) is tried again after this, not every minute. */
export const RETRY_FAILED_BACKUP_MS = 60 * 60 * 1000;
/** A backup or restore under way (someone downloading one) puts the daily one off by this much. */
export const WAIT_FOR_OTHER_BACKUP_MS = 5 * 60 * 1000;

export interface ScheduledBackupsOptions {
  dataDir: string;
  folder: string;
  /** How many are kept; 0 makes none. */
  kept: number;
  host: Pick<HostProcess, 'exclusive'>;
  archive: { siteName: string; nativeBinding?: string };
  /** When the club's clock says the server started. */
  startedAt: Date;
  log?: (message: string, error?: unknown) => void;
}

/**
 * The daily whole-club backup, on the club's schedule: 24 hours after the last one in the folder (a laptop
 * that was off when it fell due makes it a while after it starts), keeping the newest `kept`. A failure is
 * written to the log and to the data folder's backup-status.json, which the host page shows, and is tried
 * again an hour later.
 */
export class ScheduledBackups implements ScheduledTask {
  readonly name = 'daily backup';
  private lastAt: Date | null;
  private retryAt: Date | null = null;
  private readonly log: (message: string, error?: unknown) => void;

  constructor(private readonly options: ScheduledBackupsOptions) {
    this.log = options.log ?? ((message, error) => console.error(message, error ?? ''));
    this.lastAt = options.kept > 0 ? (this.files()[0]?.createdAt ?? null) : null;
    this.removeHalfWritten();
    // A folder of backups already there (an older Bookclub made it 0755) is made owner-only now, not at the
    // next backup a day later.
    if (options.kept > 0 && fs.existsSync(options.folder)) {
      try {
        ensureBackupFolder(options.folder);
      } catch (error) {
        this.log(`The backup folder ${options.folder} could not be made owner-only:`, error);
      }
    }
  }

  /**
   * A backup the server was writing when it died stays in the folder as `<name>.partial-<pid>-<hex>`, which
   * nothing lists or prunes: gone when the club opens (this server's own pid too: a container reuses it;
   * one being written now by `npm start -- backup`, whose process lives, stays).
   */
  private removeHalfWritten(): void {
    let names: string[];
    try {
      names = fs.readdirSync(this.options.folder);
    } catch {
      return;
    }
    for (const name of names) {
      const pid = Number(/^bookclub-backup-.*\.partial-(\d+)-[0-9a-f]+$/.exec(name)?.[1]);
      if (pid && (pid === process.pid || !isAlive(pid))) fs.rmSync(path.join(this.options.folder, name), { force: true });
    }
  }

  get enabled(): boolean {
    return this.options.kept > 0;
  }

  nextDue(): Date | null {
    if (!this.enabled) return null;
    const earliest = this.options.startedAt.getTime() + FIRST_BACKUP_AFTER_START_MS;
    const due = this.lastAt ? this.lastAt.getTime() + BACKUP_INTERVAL_MS : earliest;
    return new Date(Math.max(due, earliest, this.retryAt?.getTime() ?? 0));
  }

  async runDue(now: Date): Promise<void> {
    const done = await this.options.host.exclusive('backup', () => this.backUp(now));
    if (done === null) this.retryAt = new Date(now.getTime() + WAIT_FOR_OTHER_BACKUP_MS);
  }

  private async backUp(now: Date): Promise<void> {
    const { dataDir, folder, kept, archive } = this.options;
    try {
      // Owner-only, also a folder made by an older Bookclub (0755) or by the host.
      ensureBackupFolder(folder);
      await backUpClub(path.join(folder, scheduledBackupName(now)), { dataDir, ...archive, kind: 'scheduled', now: () => now });
      this.lastAt = now;
      this.retryAt = null;
      pruneScheduledBackups(folder, kept);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log(`The daily backup into ${folder} failed (tried again in an hour):`, error);
      recordScheduledFailure(dataDir, { at: now, message });
      this.retryAt = new Date(now.getTime() + RETRY_FAILED_BACKUP_MS);
    }
  }

  private files() {
    try {
      return listScheduledBackups(this.options.folder);
    } catch {
      // No folder yet (none made), or one that cannot be read: the next backup says why, if it fails.
      return [];
    }
  }

  /** The host page's account of them; `status` is backup-status.json as the caller read it. */
  state(status: BackupStatus): HostStatus['backups']['scheduled'] {
    return {
      enabled: this.enabled,
      folder: this.options.folder,
      kept: this.options.kept,
      nextDueAt: this.nextDue()?.toISOString() ?? null,
      lastFailure: status.scheduledFailure,
      files: this.files().map((file) => ({ name: file.name, bytes: file.bytes, createdAt: file.createdAt.toISOString() })),
    };
  }
}
