import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { confirmsClubName, type HostSetup, type HostStatus, type Restored, type SessionsEnded } from '../../../shared/api/host';
import type { Language } from '../../../shared/constants';
import { APP_VERSION } from '../../app-version';
import { DATABASE_FILE } from '../../db/data-source';
import { AppError, Conflict, Forbidden, Invalid } from '../../http/errors';
import { translate } from '../../http/i18n';
import type { RunningOutbox } from '../../mail-outbox';
import { backUpClub } from '../../club/backup/back-up-club';
import { readBackupStatus } from '../../club/backup/backup-status';
import { BackupRefused } from '../../club/restore/backup-refused';
import { stageRestoreInWorker } from '../../club/restore/stage-in-worker';
import type { StagedRestore } from '../../club/restore/staged-club';
import type { ServerConfig } from '../../settings';
import type { AccountsService, User } from '../accounts';
import { revokeEveryCalendarFeed } from '../meetings';
import { revokeDisplayLink } from '../meeting-night';
import { memberAddresses } from './host-addresses';
import type { HostProcess } from '../../club/host-process';
import type { ScheduledBackups } from './scheduled-backups';

export interface HostServiceDeps {
  config: ServerConfig;
  host: HostProcess;
  outbox: RunningOutbox;
  accounts: AccountsService;
  /** The one-time setup code this club was opened with; null once it had an account. */
  setupCode: string | null;
  backups: ScheduledBackups;
  /** The club's database: every calendar feed is ended in it. */
  db: DataSource;
}

/** A backup ready to download: the file (deleted once sent) and the name it is saved as. */
export interface BackupDownload {
  file: string;
  name: string;
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** Every file's bytes under a folder; a folder that is not there holds none. */
function folderBytes(dir: string): number {
  let total = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(child);
    else if (entry.isFile()) total += sizeOf(child);
  }
  return total;
}

/** bookclub-backup-2026-11-24.tar.gz, the day in the club's time zone. */
export function downloadName(at: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  return `bookclub-backup-${day}.tar.gz`;
}

/** The host's console: where members reach the club, how it is doing, its whole backups and restores. */
export class HostService {
  constructor(private readonly deps: HostServiceDeps) {}

  private get dataDir(): string {
    return this.deps.config.dataDir;
  }

  private addresses() {
    return memberAddresses(this.deps.host.urls(), this.deps.config.publicUrl);
  }

  status(): HostStatus {
    const { config, host, outbox, backups } = this.deps;
    const database = path.join(this.dataDir, DATABASE_FILE);
    const mail = outbox.summary();
    const backupStatus = readBackupStatus(this.dataDir);
    return {
      siteName: config.siteName,
      version: APP_VERSION,
      startedAt: host.startedAt.toISOString(),
      dataDir: this.dataDir,
      databaseBytes: sizeOf(database) + sizeOf(`${database}-wal`),
      imagesBytes: folderBytes(path.join(this.dataDir, 'images')),
      membersOnline: host.membersOnline(),
      addresses: this.addresses(),
      mail: { transport: config.smtpUrl ? 'smtp' : 'outbox', ...mail },
      backups: { last: backupStatus.last, scheduled: backups.state(backupStatus) },
    };
  }

  /**
   * Before the club has an account, its host's own machine sees the setup code and the addresses (the
   * desktop app opens the host page on first start); nobody else, and nobody once the club is set up.
   */
  async setup(fromHostMachine: boolean): Promise<HostSetup> {
    if (await this.deps.accounts.hasAnyUser()) throw new Conflict('hostSetupOver');
    if (!fromHostMachine) throw new Forbidden('hostMachineOnly');
    return { siteName: this.deps.config.siteName, setupCode: this.deps.setupCode, addresses: this.addresses() };
  }

  retryMail(): { retried: number } {
    return { retried: this.deps.outbox.retryNow() };
  }

  /** A whole-club backup written to the scratch folder, for the route to send and then delete. */
  async backup(): Promise<BackupDownload> {
    const { config, host } = this.deps;
    const at = new Date();
    const file = path.join(host.scratchDir, `download-${crypto.randomUUID()}.tar.gz`);
    const done = await host.exclusive('backup', async () => {
      try {
        fs.mkdirSync(host.scratchDir, { recursive: true, mode: 0o700 });
        await backUpClub(file, {
          dataDir: this.dataDir,
          siteName: config.siteName,
          nativeBinding: config.sqliteNativeBinding,
          kind: 'download',
          now: () => at,
        });
      } catch (error) {
        fs.rmSync(file, { force: true });
        console.error('A backup for download failed:', error);
        throw new AppError(503, 'backupFailed', { reason: error instanceof Error ? error.message : String(error) });
      }
    });
    if (done === null) throw new Conflict('backupBusy');
    return { file, name: downloadName(at, config.timeZone ?? 'UTC') };
  }

  /**
   * Before a byte of a restore's upload is read: the club's name must be typed right, and no other backup or
   * restore may be under way (409), so a refused restore never has its upload written to disk first. The
   * restore then runs (`readUploadAndRestore`: the upload, then `restore`) holding the lock.
   */
  async beforeRestoreUpload(clubName: string, readUploadAndRestore: () => Promise<void>): Promise<void> {
    const { config, host } = this.deps;
    if (!confirmsClubName(clubName, config.siteName)) throw new Invalid('restoreConfirmWrong', { siteName: config.siteName });
    const done = await host.exclusive('restore', readUploadAndRestore);
    if (done === null) throw new Conflict('backupBusy');
  }

  /**
   * Inside beforeRestoreUpload's lock: checks the uploaded backup against its manifest in a worker thread
   * (members are answered meanwhile; nothing of the club changes when it is refused), then has the server
   * swap it in once this answer is sent.
   */
  async restore(upload: string, language: Language): Promise<Restored> {
    const { config, host } = this.deps;
    let staged: StagedRestore;
    try {
      staged = await stageRestoreInWorker(upload, { dataDir: this.dataDir, nativeBinding: config.sqliteNativeBinding });
    } catch (error) {
      if (error instanceof BackupRefused) throw new Invalid(error.key, error.params);
      throw error;
    }
    const { keptAs } = host.replaceClub(staged, new Date());
    const asOf = staged.manifest?.createdAt ?? null;
    return {
      kind: staged.kind,
      createdAt: asOf,
      appVersion: staged.manifest?.appVersion ?? null,
      // Counted from the staged database itself, not taken on the manifest's word (and there for a .db backup too).
      counts: staged.counts ?? staged.manifest?.counts ?? {},
      sessionsKept: staged.includesSecret,
      keptAs,
      bringsBack: { asOf, what: ['passwords', 'sessions', 'calendarFeeds'], notice: this.bringsBackNotice(asOf, language) },
    } satisfies Restored;
  }

  /** What a restore brings back, in a sentence: the backup's moment, in the club's time zone. */
  private bringsBackNotice(asOf: string | null, language: Language): string {
    if (asOf === null) return translate(language, 'restoreBringsBackUndated');
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short', timeZone: this.deps.config.timeZone ?? undefined }).format(
      new Date(asOf),
    );
    return translate(language, 'restoreBringsBack', { date });
  }

  /**
   * Ends every member's sessions and calendar feeds, and the display link (after a restore brought back ones ended since). The admin
   * who asks is answered a fresh token: the host page they pressed it on stays signed in.
   */
  async endEverySession(admin: User): Promise<SessionsEnded> {
    const feedsRevoked = revokeEveryCalendarFeed(this.deps.db);
    revokeDisplayLink(this.deps.db);
    const { ended, token } = await this.deps.accounts.endEverySession(admin.id);
    return { sessionsEnded: ended, feedsRevoked, token };
  }
}
