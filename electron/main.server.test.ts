// The desktop shell and its server process: quitting, and a server that fails to start or crashes later.
import { describe, expect, it, vi } from 'vitest';
import { FakeChild } from './test-support/server-process-fakes';
import { settle, useDesktopShell } from './test-support/desktop-shell';

const fake = await vi.hoisted(async () => (await import('./test-support/fake-electron')).createFakeElectron());
vi.mock('electron', () => fake.electron);

const { electron } = fake;
const shell = useDesktopShell(fake);

describe('quitting', () => {
  it('asks the server to close, waits until it has, then quits', async () => {
    await shell.launchAndStart();

    shell.quit();
    await settle();

    expect(shell.child.posted.at(-1)).toEqual({ type: 'close' });
    expect(electron.app.quitCount).toBe(0);

    shell.child.answer({ type: 'closed' });
    await settle();
    expect(electron.app.quitCount).toBe(1);
  });

  it('kills the server when it does not close in time, then quits', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await shell.launchAndStart();

    shell.quit();
    await settle();
    vi.advanceTimersByTime(4_999);
    await settle();
    expect(shell.child.killed).toBe(false);

    vi.advanceTimersByTime(1);
    await settle();
    expect(shell.child.killed).toBe(true);
    expect(electron.app.quitCount).toBe(1);
  });

  it('closing the window quits the app the same way', async () => {
    await shell.launchAndStart();

    electron.app.emit('window-all-closed');
    await settle();

    expect(shell.child.posted.at(-1)).toEqual({ type: 'close' });
  });

  it('during start stops the server without reporting an error', async () => {
    await shell.launchApp();

    shell.quit();
    await settle();
    shell.child.answer({ type: 'closed' });
    await settle();

    expect(electron.app.quitCount).toBe(1);
    expect(electron.dialog.showErrorBox).not.toHaveBeenCalled();
    expect(electron.BrowserWindow.instances).toHaveLength(0);
  });
});

describe('a server that fails', () => {
  it('by crashing while starting is reported, and the app exits', async () => {
    await shell.launchApp();

    shell.child.emit('exit', 1);
    await settle();

    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith('Bookclub could not start', 'The club server stopped unexpectedly while starting (exit code 1).');
    expect(electron.app.exit).toHaveBeenCalledWith(1);
    expect(electron.BrowserWindow.instances).toHaveLength(0);
  });

  it('by not starting in time is reported, and the app exits', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await shell.launchApp();

    vi.advanceTimersByTime(30_000);
    await settle();

    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith('Bookclub could not start', 'The club server did not start within 30 seconds.');
    expect(shell.child.killed).toBe(true);
    expect(electron.app.exit).toHaveBeenCalledWith(1);
  });

  it('by giving up on start shows its reason', async () => {
    await shell.launchApp();

    shell.child.answer({ type: 'failed', message: 'Ports 8080 to 8089 are all in use by other programs.' });
    await settle();

    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Bookclub could not start',
      'The club server could not start: Ports 8080 to 8089 are all in use by other programs.',
    );
    expect(electron.app.exit).toHaveBeenCalledWith(1);
  });

  /** Every fork after the first hands out a fresh server process, collected here. */
  function forkFreshProcesses(): FakeChild[] {
    const forked: FakeChild[] = [shell.child];
    electron.utilityProcess.fork.mockReturnValueOnce(shell.child).mockImplementation(() => {
      const next = new FakeChild();
      forked.push(next);
      return next;
    });
    return forked;
  }

  it('by crashing later is started again on the same port; the window reloads and the menu follows', async () => {
    const forked = forkFreshProcesses();
    const window = await shell.launchAndStart(8081);
    window.loadURL.mockClear();

    shell.child.emit('exit', 139);
    await settle();
    expect(forked).toHaveLength(2);
    expect(forked[1]!.posted[0]).toMatchObject({ type: 'start', config: { port: 8081 }, portAttempts: 1 });
    forked[1]!.answer({ type: 'started', port: 8081, urls: ['http://localhost:8081', 'http://192.168.1.6:8081'] });
    await settle();

    expect(window.loadURL).toHaveBeenCalledExactlyOnceWith('http://localhost:8081/');
    const addresses = shell.menuItem('Club', 'Addresses members can open').submenu!;
    expect(addresses.filter((item) => item.click).map((item) => item.label)).toEqual(['http://192.168.1.6:8081']);
    expect(electron.dialog.showErrorBox).not.toHaveBeenCalled();
    expect(electron.app.exit).not.toHaveBeenCalled();
  });

  it('by crashing again and again is reported, and the app exits', async () => {
    const forked = forkFreshProcesses();
    await shell.launchAndStart(8081);

    for (let crash = 1; crash <= 3; crash++) {
      forked.at(-1)!.emit('exit', 139);
      forked.at(-1)!.answer({ type: 'started', port: 8081, urls: [] });
      await settle();
    }
    expect(electron.app.exit).not.toHaveBeenCalled();
    forked.at(-1)!.emit('exit', 139);
    await settle();

    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'The Bookclub server stopped',
      'The club server stopped unexpectedly 4 times within 60 seconds (exit code 139 the last time). Bookclub will close.',
    );
    expect(electron.app.exit).toHaveBeenCalledWith(1);
  });

  it('by crashing and then not starting again is reported, and the app exits', async () => {
    const forked = forkFreshProcesses();
    await shell.launchAndStart(8081);

    shell.child.emit('exit', 139);
    await settle();
    forked[1]!.answer({ type: 'failed', message: 'Port 8081 is in use by another program.' });
    await settle();

    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'The Bookclub server stopped',
      'The club server stopped unexpectedly (exit code 139), and starting it again failed. ' +
        'The club server could not start: Port 8081 is in use by another program. Bookclub will close.',
    );
    expect(electron.app.exit).toHaveBeenCalledWith(1);
  });

  it('by crashing while the app quits is neither started again nor reported', async () => {
    const forked = forkFreshProcesses();
    await shell.launchAndStart();

    shell.quit();
    await settle();
    shell.child.emit('exit', 139);
    await settle();

    expect(forked).toHaveLength(1);
    expect(electron.app.quitCount).toBe(1);
    expect(electron.dialog.showErrorBox).not.toHaveBeenCalled();
  });

  it('because a setting is wrong is reported before anything starts', async () => {
    vi.stubEnv('PORT', 'eighty');
    try {
      await shell.launchApp();
    } finally {
      vi.unstubAllEnvs();
    }

    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith('Bookclub could not start', 'PORT must be a whole number from 0 to 65535, not "eighty"');
    expect(electron.utilityProcess.fork).not.toHaveBeenCalled();
  });
});
