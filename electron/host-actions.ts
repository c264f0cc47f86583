// What the host's menu items do, with Electron's dialogs, clipboard and shell handed in (main.ts), so
// each path (cancelled, done, failed) is tested without Electron.
import path from 'node:path';
import type { MessageBoxOptions, MessageBoxReturnValue, OpenDialogOptions, OpenDialogReturnValue, SaveDialogOptions, SaveDialogReturnValue } from 'electron';
import type { ClubServer } from './club-server';
import { SETUP_CODE_EXPLANATION, type HostMenuActions } from './host-menu';
import type { LoginItem } from './login-item';
import type { RestoreOutcome, StartedServer } from './server-host';

/** Electron's dialogs, already attached to the window when there is one. */
export interface HostDialogs {
  showSaveDialog(options: SaveDialogOptions): Promise<SaveDialogReturnValue>;
  showOpenDialog(options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
  showMessageBox(options: MessageBoxOptions): Promise<MessageBoxReturnValue>;
}

export interface HostActionsOptions {
  dialogs: HostDialogs;
  server: Pick<ClubServer, 'backup' | 'restartRestoring'>;
  /** Where the save dialog opens. */
  documentsDir: string;
  clipboard: { writeText(text: string): void };
  /** A brief note that goes away by itself. */
  notify(title: string, body: string): void;
  /** shell.openPath: answers an error message, or '' when it worked. */
  openPath(dir: string): Promise<string>;
  loginItem: Pick<LoginItem, 'setEnabled'>;
  /** Something the menu shows changed (start at login). */
  onChanged(): void;
  /** The club runs again after a restore, refused or not; the window should show it afresh. */
  onRestarted(started: StartedServer): void;
  /** The club could not start again after a restore. */
  onRestartFailed(error: unknown): void;
  now?: () => Date;
  log?: Pick<Console, 'error'>;
}

// Dialogs match the last part of a name only (a filter of "tar.gz" greys .tar.gz files out on macOS).
const BACKUP_FILTER = { name: 'Bookclub backups (.tar.gz)', extensions: ['gz'] };
/** Whole-club backups, and the database-only backups (.db) made before them, which still restore. */
const RESTORABLE_FILTER = { name: 'Bookclub backups (.tar.gz, older .db)', extensions: ['gz', 'db'] };

/** bookclub-backup-2026-11-22.tar.gz, by the host's own calendar. */
export function backupFileName(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `bookclub-backup-${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}.tar.gz`;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Where the replaced club went, and whether members stay signed in, as far as the server said. */
function restoredDetail(file: string, outcome: RestoreOutcome | undefined): string {
  const restored = outcome?.restored ? outcome : undefined;
  const sentences = [restored?.keptAs ? `The club it replaced is kept in ${restored.keptAs}.` : `Restored from ${file}.`];
  if (restored?.sessionsKept === true) sentences.push('Members stay signed in: the backup brought the key that signs their sessions.');
  if (restored?.sessionsKept === false) sentences.push("The backup did not bring the key that signs members' sessions: members may have to sign in again.");
  return sentences.join(' ');
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The menu's actions that need dialogs and the server; showing the host page is the window's (main.ts). */
type DialogActions = Omit<HostMenuActions, 'openHostPage'>;
export type HostActions = { [K in keyof DialogActions]: (...args: Parameters<DialogActions[K]>) => Promise<void> };

export function hostActions(options: HostActionsOptions): HostActions {
  const { dialogs, server, now = () => new Date(), log = console } = options;
  // One backup or restore at a time: a restore stops the server a backup would be reading from.
  let busy: 'backup' | 'restore' | null = null;

  async function whileBusy(kind: 'backup' | 'restore', work: () => Promise<void>): Promise<void> {
    if (busy) {
      await dialogs.showMessageBox({
        type: 'info',
        message: `Please wait until the ${busy} under way has finished.`,
      });
      return;
    }
    busy = kind;
    try {
      await work();
    } finally {
      busy = null;
    }
  }

  async function copyAddress(url: string) {
    options.clipboard.writeText(url);
    options.notify('Address copied', `${url} — members on your network can open it in their browser.`);
  }

  async function copySetupCode(code: string) {
    options.clipboard.writeText(code);
    options.notify('Setup code copied', `${code} — ${SETUP_CODE_EXPLANATION}`);
  }

  async function openDataFolder(dataDir: string) {
    const error = await options.openPath(dataDir);
    if (error) {
      await dialogs.showMessageBox({ type: 'error', message: 'Could not open the data folder.', detail: `${dataDir}: ${error}` });
    }
  }

  function backUp() {
    return whileBusy('backup', async () => {
      const { canceled, filePath } = await dialogs.showSaveDialog({
        title: 'Back up the club',
        defaultPath: path.join(options.documentsDir, backupFileName(now())),
        buttonLabel: 'Back up',
        filters: [BACKUP_FILTER],
      });
      if (canceled || !filePath) return;
      try {
        const { bytes } = await server.backup(filePath);
        await dialogs.showMessageBox({
          type: 'info',
          message: 'The club is backed up.',
          detail:
            `Saved to ${filePath} (${formatSize(bytes)}): the whole club, with its pictures and the key that keeps ` +
            'members signed in. Keep a copy somewhere other than this computer. To move the club to another ' +
            'computer, restore this file there.',
        });
      } catch (error) {
        log.error('The backup failed:', error);
        await dialogs.showMessageBox({ type: 'error', message: 'The backup failed.', detail: describe(error) });
      }
    });
  }

  function restore() {
    return whileBusy('restore', async () => {
      const { canceled, filePaths } = await dialogs.showOpenDialog({
        title: 'Restore from a backup',
        buttonLabel: 'Choose',
        properties: ['openFile'],
        filters: [RESTORABLE_FILTER, { name: 'All files', extensions: ['*'] }],
      });
      const file = filePaths[0];
      if (canceled || !file) return;

      const { response } = await dialogs.showMessageBox({
        type: 'warning',
        buttons: ['Restore and restart', 'Cancel'],
        defaultId: 1,
        cancelId: 1,
        message: `Restore the club from ${path.basename(file)}?`,
        detail:
          'The club restarts with what the backup holds: members are disconnected for a moment, and whatever ' +
          'was written since the backup was made is no longer shown. The current club is kept aside in a ' +
          'before-restore folder of the data folder, so nothing of it is lost.',
      });
      if (response !== 0) return;

      let started: StartedServer;
      try {
        started = await server.restartRestoring(file);
      } catch (error) {
        options.onRestartFailed(error);
        return;
      }
      options.onRestarted(started);

      if (started.restore?.restored === false) {
        await dialogs.showMessageBox({
          type: 'error',
          message: 'That file was not restored.',
          detail: `${started.restore.reason}\n\nThe club was restarted unchanged.`,
        });
      } else {
        await dialogs.showMessageBox({ type: 'info', message: 'The club was restored.', detail: restoredDetail(file, started.restore) });
      }
    });
  }

  async function setOpenAtLogin(open: boolean) {
    try {
      options.loginItem.setEnabled(open);
    } catch (error) {
      log.error('Could not change the login item:', error);
      await dialogs.showMessageBox({ type: 'error', message: 'Could not change "Start when I log in".', detail: describe(error) });
    }
    options.onChanged();
  }

  return { copyAddress, copySetupCode, openDataFolder, backUp, restore, setOpenAtLogin };
}
