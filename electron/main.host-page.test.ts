// The desktop shell and the host page: shown on the club's first start, and from the Club menu.
import { describe, expect, it, vi } from 'vitest';
import { settle, useDesktopShell } from './test-support/desktop-shell';

const fake = await vi.hoisted(async () => (await import('./test-support/fake-electron')).createFakeElectron());
vi.mock('electron', () => fake.electron);

const { electron } = fake;
const shell = useDesktopShell(fake);

describe('the host page in the desktop app', () => {
  it("is where the window opens on the club's first start (no admin yet)", async () => {
    await shell.launchApp();
    shell.child.answer({ type: 'started', port: 8085, urls: ['http://localhost:8085', 'http://192.168.1.5:8085'], setupCode: 'ABCD-EFGH' });
    await settle();

    expect(electron.BrowserWindow.instances[0]!.loadURL).toHaveBeenCalledWith('http://localhost:8085/admin/host');
  });

  it('is not, once the club has an admin: the window opens on the club', async () => {
    const window = await shell.launchAndStart(8086);

    expect(window.loadURL).toHaveBeenCalledWith('http://localhost:8086/');
    expect(window.loadURL).not.toHaveBeenCalledWith('http://localhost:8086/admin/host');
  });

  it('Club ▸ Host page shows it in the window', async () => {
    const window = await shell.launchAndStart(8087);

    shell.clickMenu('Club', 'Host page');
    await settle();

    expect(window.loadURL).toHaveBeenLastCalledWith('http://localhost:8087/admin/host');
    expect(window.focus).toHaveBeenCalled();
  });
});
