// The desktop shell's host menu: addresses, setup code, data folder, backup, login item, restore.
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FakeChild } from './test-support/server-process-fakes';
import { settle, useDesktopShell } from './test-support/desktop-shell';

const fake = await vi.hoisted(async () => (await import('./test-support/fake-electron')).createFakeElectron());
vi.mock('electron', () => fake.electron);

const { electron } = fake;
const shell = useDesktopShell(fake);

describe('the host menu', () => {
  it('lists the addresses members can open; a click copies one and says so', async () => {
    await shell.launchAndStart(8081);

    const addresses = shell.menuItem('Club', 'Addresses members can open').submenu!;
    expect(addresses.filter((item) => item.click).map((item) => item.label)).toEqual(['http://192.168.1.5:8081']);
    shell.clickMenu('Club', 'Addresses members can open', 'http://192.168.1.5:8081');
    await settle();

    expect(electron.clipboard.writeText).toHaveBeenCalledWith('http://192.168.1.5:8081');
    expect(electron.Notification.shown).toEqual([{ title: 'Address copied', body: expect.stringContaining('http://192.168.1.5:8081') }]);
  });

  it('says a copied address in a message box where notifications are not supported', async () => {
    electron.Notification.supported = false;
    await shell.launchAndStart(8081);

    shell.clickMenu('Club', 'Addresses members can open', 'http://192.168.1.5:8081');
    await settle();

    expect(shell.lastMessageBox()).toMatchObject({ message: 'Address copied' });
  });

  it('shows the setup code while the club has no admin; a click copies it and says what it is for', async () => {
    await shell.launchApp();
    shell.child.answer({ type: 'started', port: 8081, urls: ['http://localhost:8081'], setupCode: 'ABCD-EFGH' });
    await settle();

    shell.clickMenu('Club', 'Setup code for another computer: ABCD-EFGH');
    await settle();

    expect(electron.clipboard.writeText).toHaveBeenCalledWith('ABCD-EFGH');
    expect(electron.Notification.shown).toEqual([
      {
        title: 'Setup code copied',
        body: 'ABCD-EFGH — Needed only to set the club up from another computer, until its first admin exists.',
      },
    ]);
  });

  it('shows no setup code when the club needs none', async () => {
    await shell.launchAndStart();

    const labels = (shell.menuItem('Club').submenu ?? []).map((item) => item.label);
    expect(labels.filter((label) => label?.startsWith('Setup code'))).toEqual([]);
  });

  it('"Open data folder" opens the club\'s data folder', async () => {
    await shell.launchAndStart();

    shell.clickMenu('Club', 'Open data folder');
    await settle();

    expect(electron.shell.openPath).toHaveBeenCalledWith(path.join(shell.appData, 'Bookclub', 'data'));
  });

  it('"Back up the club…" asks for a file, has the server process back the club up to it, and reports it', async () => {
    await shell.launchAndStart();
    electron.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: '/backups/club.tar.gz' });

    shell.clickMenu('Club', 'Back up the club…');
    await settle();

    const saveOptions = electron.dialog.showSaveDialog.mock.calls[0]!.at(-1) as { defaultPath: string };
    expect(path.basename(saveOptions.defaultPath)).toMatch(/^bookclub-backup-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
    expect(shell.child.posted.at(-1)).toEqual({ type: 'backup', file: '/backups/club.tar.gz' });

    shell.child.answer({ type: 'backup-done', bytes: 40_960 });
    await settle();
    expect(shell.lastMessageBox()).toMatchObject({ type: 'info', message: 'The club is backed up.' });
  });

  it('"Back up the club…" cancelled does nothing', async () => {
    await shell.launchAndStart();

    shell.clickMenu('Club', 'Back up the club…');
    await settle();

    expect(shell.child.posted.map((message) => message.type)).toEqual(['start']);
    expect(electron.dialog.showMessageBox).not.toHaveBeenCalled();
  });

  it('"Start when I log in" turns the login item on and shows it checked', async () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    Object.defineProperty(process, 'platform', { value: 'darwin' });
    try {
      await shell.launchAndStart();
      expect(shell.menuItem('Club', 'Start when I log in')).toMatchObject({ type: 'checkbox', checked: false });

      shell.clickMenu('Club', 'Start when I log in');
      await settle();

      expect(electron.app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true });
      expect(shell.menuItem('Club', 'Start when I log in')).toMatchObject({ checked: true });
    } finally {
      Object.defineProperty(process, 'platform', platform);
    }
  });
});

describe('restoring from the menu', () => {
  let next: FakeChild;
  let events: string[];

  /** Launches the club, with the server process a restart will fork next, and records what happens in order. */
  async function launchForRestore() {
    next = new FakeChild();
    electron.utilityProcess.fork.mockReturnValueOnce(shell.child).mockReturnValueOnce(next);
    events = [];
    for (const [name, process] of [
      ['old', shell.child],
      ['new', next],
    ] as const) {
      process.postMessage = (message) => {
        process.posted.push(message);
        events.push(`${name} server: ${message.type}${'restoreFrom' in message ? ` restoring ${message.restoreFrom}` : ''}`);
      };
    }
    const window = await shell.launchAndStart(8081);
    window.loadURL.mockImplementation(async (url: string) => void events.push(`window loads ${url}`));
    electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: ['/backups/club.db'] });
    return window;
  }

  /** Restore from a backup… in the menu, confirmed, and the running server closes; the next one is not yet started. */
  async function restoreUntilOldServerClosed() {
    shell.clickMenu('Club', 'Restore from a backup…');
    await settle();
    shell.child.answer({ type: 'closed' });
    await settle();
  }

  it('stops the server, restores in a new one on the same port, then reloads the window', async () => {
    await launchForRestore();

    shell.clickMenu('Club', 'Restore from a backup…');
    await settle();
    expect(shell.lastMessageBox()).toMatchObject({ message: 'Restore the club from club.db?' });
    shell.child.answer({ type: 'closed' });
    await settle();
    next.answer({ type: 'restored', keptAs: '/data/before-restore-1', sessionsKept: true });
    next.answer({ type: 'started', port: 8081, urls: ['http://localhost:8081', 'http://192.168.1.5:8081'] });
    await settle();

    expect(events).toEqual(['old server: start', 'old server: close', 'new server: start restoring /backups/club.db', 'window loads http://localhost:8081/']);
    expect(next.posted[0]).toMatchObject({ config: { port: 8081 }, portAttempts: 1 });
    expect(shell.lastMessageBox()).toMatchObject({
      type: 'info',
      message: 'The club was restored.',
      detail: 'The club it replaced is kept in /data/before-restore-1. Members stay signed in: the backup brought the key that signs their sessions.',
    });
  });

  it('cancelled at the confirmation leaves the server running', async () => {
    await launchForRestore();
    electron.dialog.showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false });

    shell.clickMenu('Club', 'Restore from a backup…');
    await settle();

    expect(events).toEqual(['old server: start']);
    expect(electron.utilityProcess.fork).toHaveBeenCalledOnce();
  });

  it('a refused file: the club restarts unchanged and the reason is shown', async () => {
    await launchForRestore();

    await restoreUntilOldServerClosed();
    next.answer({ type: 'restore-refused', message: '/backups/club.db is not a Bookclub database.' });
    next.answer({ type: 'started', port: 8081, urls: [] });
    await settle();

    expect(events.at(-1)).toBe('window loads http://localhost:8081/');
    expect(shell.lastMessageBox()).toEqual({
      type: 'error',
      message: 'That file was not restored.',
      detail: '/backups/club.db is not a Bookclub database.\n\nThe club was restarted unchanged.',
    });
  });

  it('a club that cannot start again is reported, and the app exits', async () => {
    await launchForRestore();

    await restoreUntilOldServerClosed();
    next.answer({ type: 'failed', message: 'Port 8081 is in use by another program.' });
    await settle();

    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Bookclub could not restart',
      'The club server could not start: Port 8081 is in use by another program.',
    );
    expect(electron.app.exit).toHaveBeenCalledWith(1);
  });
});
