import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { ClubServer } from './club-server';
import { backupFileName, formatSize, hostActions, type HostActionsOptions, type HostDialogs } from './host-actions';
import { ServerStartError, type StartedServer } from './server-host';

const documentsDir = path.resolve('/home/reader/Documents');

function setup() {
  const restarted: StartedServer = {
    port: 8081,
    urls: ['http://localhost:8081'],
    setupCode: null,
    restore: { restored: true, keptAs: '/data/before-restore-1', sessionsKept: true },
  };
  const fakes = {
    dialogs: {
      showSaveDialog: vi.fn<HostDialogs['showSaveDialog']>(async () => ({ canceled: false, filePath: '/backups/club.tar.gz' })),
      showOpenDialog: vi.fn<HostDialogs['showOpenDialog']>(async () => ({ canceled: false, filePaths: ['/backups/club.tar.gz'] })),
      // The first button: "Restore and restart" in the confirmation, OK elsewhere.
      showMessageBox: vi.fn<HostDialogs['showMessageBox']>(async () => ({ response: 0, checkboxChecked: false })),
    },
    server: {
      backup: vi.fn<ClubServer['backup']>(async () => ({ bytes: 2 * 1024 * 1024 })),
      restartRestoring: vi.fn<ClubServer['restartRestoring']>(async () => restarted),
    },
    documentsDir,
    clipboard: { writeText: vi.fn<(text: string) => void>() },
    notify: vi.fn<HostActionsOptions['notify']>(),
    openPath: vi.fn<HostActionsOptions['openPath']>(async () => ''),
    loginItem: { setEnabled: vi.fn<(open: boolean) => void>() },
    onChanged: vi.fn<() => void>(),
    onRestarted: vi.fn<HostActionsOptions['onRestarted']>(),
    onRestartFailed: vi.fn<HostActionsOptions['onRestartFailed']>(),
    now: () => new Date(2026, 10, 22, 21, 30),
    log: { error: vi.fn() },
  };
  return { options: fakes, actions: hostActions(fakes) };
}

describe('copying an address', () => {
  it('puts it on the clipboard and says so briefly', async () => {
    const { options, actions } = setup();

    await actions.copyAddress('http://192.168.1.5:8080');

    expect(options.clipboard.writeText).toHaveBeenCalledWith('http://192.168.1.5:8080');
    expect(options.notify).toHaveBeenCalledWith('Address copied', expect.stringContaining('http://192.168.1.5:8080'));
  });
});

describe('copying the setup code', () => {
  it('puts it on the clipboard and says what it is for', async () => {
    const { options, actions } = setup();

    await actions.copySetupCode('ABCD-EFGH');

    expect(options.clipboard.writeText).toHaveBeenCalledWith('ABCD-EFGH');
    expect(options.notify).toHaveBeenCalledWith(
      'Setup code copied',
      'ABCD-EFGH — Needed only to set the club up from another computer, until its first admin exists.',
    );
  });
});

describe('opening the data folder', () => {
  it('opens it in the file manager', async () => {
    const { options, actions } = setup();

    await actions.openDataFolder('/home/reader/.config/Bookclub/data');

    expect(options.openPath).toHaveBeenCalledWith('/home/reader/.config/Bookclub/data');
    expect(options.dialogs.showMessageBox).not.toHaveBeenCalled();
  });

  it('says when it could not', async () => {
    const { options, actions } = setup();
    options.openPath.mockResolvedValueOnce('No application is registered');

    await actions.openDataFolder('/data');

    expect(options.dialogs.showMessageBox).toHaveBeenCalledWith(expect.objectContaining({ type: 'error', detail: '/data: No application is registered' }));
  });
});

describe('backing up the club', () => {
  it('offers an archive named for today in the documents folder', async () => {
    const { options, actions } = setup();

    await actions.backUp();

    expect(options.dialogs.showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({
        defaultPath: path.join(documentsDir, 'bookclub-backup-2026-11-22.tar.gz'),
        filters: [{ name: 'Bookclub backups (.tar.gz)', extensions: ['gz'] }],
      }),
    );
  });

  it('cancelled in the save dialog does nothing', async () => {
    const { options, actions } = setup();
    options.dialogs.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '' });

    await actions.backUp();

    expect(options.server.backup).not.toHaveBeenCalled();
    expect(options.dialogs.showMessageBox).not.toHaveBeenCalled();
  });

  it('backs up to the chosen file and reports success: the whole club, pictures and all', async () => {
    const { options, actions } = setup();

    await actions.backUp();

    expect(options.server.backup).toHaveBeenCalledWith('/backups/club.tar.gz');
    const report = options.dialogs.showMessageBox.mock.calls[0]![0];
    expect(report).toMatchObject({ type: 'info', message: 'The club is backed up.' });
    expect(report.detail).toContain('Saved to /backups/club.tar.gz (2.0 MB): the whole club, with its pictures');
    expect(report.detail).toMatch(/restore this file there\.$/);
    expect(report.detail).not.toMatch(/images folder/);
  });

  it('reports a failure in an error dialog', async () => {
    const { options, actions } = setup();
    options.server.backup.mockRejectedValueOnce(new Error('EACCES: permission denied'));

    await actions.backUp();

    expect(options.dialogs.showMessageBox).toHaveBeenCalledWith({
      type: 'error',
      message: 'The backup failed.',
      detail: 'EACCES: permission denied',
    });
  });
});

describe('restoring from a backup', () => {
  it('cancelled at the file choice leaves the server alone', async () => {
    const { options, actions } = setup();
    options.dialogs.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] });

    await actions.restore();

    expect(options.dialogs.showMessageBox).not.toHaveBeenCalled();
    expect(options.server.restartRestoring).not.toHaveBeenCalled();
  });

  it('cancelled at the confirmation leaves the server alone', async () => {
    const { options, actions } = setup();
    options.dialogs.showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false });

    await actions.restore();

    expect(options.server.restartRestoring).not.toHaveBeenCalled();
    expect(options.onRestarted).not.toHaveBeenCalled();
  });

  it('offers whole-club backups and older database backups to choose from', async () => {
    const { options, actions } = setup();
    options.dialogs.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] });

    await actions.restore();

    expect(options.dialogs.showOpenDialog).toHaveBeenCalledWith(
      expect.objectContaining({
        filters: [
          { name: 'Bookclub backups (.tar.gz, older .db)', extensions: ['gz', 'db'] },
          { name: 'All files', extensions: ['*'] },
        ],
      }),
    );
  });

  it('asks first, saying the club restarts and the current club is kept', async () => {
    const { options, actions } = setup();
    options.dialogs.showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false });

    await actions.restore();

    const confirmation = options.dialogs.showMessageBox.mock.calls[0]![0];
    expect(confirmation).toMatchObject({ buttons: ['Restore and restart', 'Cancel'], cancelId: 1, defaultId: 1 });
    expect(confirmation.message).toBe('Restore the club from club.tar.gz?');
    expect(confirmation.detail).toMatch(/The club restarts/);
    expect(confirmation.detail).toMatch(/current club is kept aside in a before-restore folder of the data folder/);
  });

  it('confirmed, restarts the club on the backup, shows it afresh, then says where the old club is', async () => {
    const { options, actions } = setup();

    await actions.restore();

    expect(options.server.restartRestoring).toHaveBeenCalledWith('/backups/club.tar.gz');
    expect(options.onRestarted).toHaveBeenCalledWith(expect.objectContaining({ port: 8081 }));
    const report = options.dialogs.showMessageBox.mock.calls[1]![0];
    expect(options.onRestarted.mock.invocationCallOrder[0]).toBeLessThan(options.dialogs.showMessageBox.mock.invocationCallOrder[1]!);
    expect(report).toMatchObject({
      type: 'info',
      message: 'The club was restored.',
      detail: 'The club it replaced is kept in /data/before-restore-1. Members stay signed in: the backup brought the key that signs their sessions.',
    });
  });

  it('says when members may have to sign in again, and nothing about it when the server did not say', async () => {
    const { options, actions } = setup();
    const restarted = (restore: StartedServer['restore']): StartedServer => ({ port: 8081, urls: [], setupCode: null, restore });
    options.server.restartRestoring
      .mockResolvedValueOnce(restarted({ restored: true, keptAs: '/data/before-restore-2', sessionsKept: false }))
      .mockResolvedValueOnce(restarted({ restored: true, keptAs: '/data/before-restore-3' }));

    await actions.restore();
    expect(options.dialogs.showMessageBox).toHaveBeenLastCalledWith(
      expect.objectContaining({
        detail:
          "The club it replaced is kept in /data/before-restore-2. The backup did not bring the key that signs members' sessions: members may have to sign in again.",
      }),
    );
    await actions.restore();
    expect(options.dialogs.showMessageBox).toHaveBeenLastCalledWith(
      expect.objectContaining({ detail: 'The club it replaced is kept in /data/before-restore-3.' }),
    );
  });

  it('a refused file shows the reason; the club was restarted unchanged', async () => {
    const { options, actions } = setup();
    options.server.restartRestoring.mockResolvedValueOnce({
      port: 8081,
      urls: [],
      setupCode: null,
      restore: { restored: false, reason: 'This file is not a Bookclub backup. Nothing was changed.' },
    });

    await actions.restore();

    expect(options.onRestarted).toHaveBeenCalled();
    expect(options.dialogs.showMessageBox).toHaveBeenLastCalledWith({
      type: 'error',
      message: 'That file was not restored.',
      detail: 'This file is not a Bookclub backup. Nothing was changed.\n\nThe club was restarted unchanged.',
    });
  });

  it('hands a club that could not start again to the app to report', async () => {
    const { options, actions } = setup();
    const error = new ServerStartError('failed', 'The club server could not start: Port 8081 is in use by another program.');
    options.server.restartRestoring.mockRejectedValueOnce(error);

    await actions.restore();

    expect(options.onRestartFailed).toHaveBeenCalledWith(error);
    expect(options.onRestarted).not.toHaveBeenCalled();
  });

  it('waits for a backup under way rather than stopping the server under it', async () => {
    const { options, actions } = setup();
    let finishBackup!: (result: { bytes: number }) => void;
    options.server.backup.mockReturnValueOnce(new Promise((resolve) => (finishBackup = resolve)));

    const backup = actions.backUp();
    await new Promise((resolve) => setImmediate(resolve));
    await actions.restore();

    expect(options.server.restartRestoring).not.toHaveBeenCalled();
    expect(options.dialogs.showMessageBox).toHaveBeenCalledWith({
      type: 'info',
      message: 'Please wait until the backup under way has finished.',
    });
    finishBackup({ bytes: 1 });
    await backup;
  });
});

describe('start when I log in', () => {
  it('changes the login item, then the menu', async () => {
    const { options, actions } = setup();

    await actions.setOpenAtLogin(true);

    expect(options.loginItem.setEnabled).toHaveBeenCalledWith(true);
    expect(options.onChanged).toHaveBeenCalled();
  });
});

describe('names and sizes', () => {
  it('names a backup for the day, by the local calendar', () => {
    expect(backupFileName(new Date(2026, 0, 5, 23, 59))).toBe('bookclub-backup-2026-01-05.tar.gz');
  });

  it('gives sizes in KB or MB', () => {
    expect(formatSize(300)).toBe('1 KB');
    expect(formatSize(40_960)).toBe('40 KB');
    expect(formatSize(5 * 1024 * 1024 + 300_000)).toBe('5.3 MB');
  });
});
