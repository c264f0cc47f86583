import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { autostartEntry, desktopExecArgument, loginItem, type LoginItemApp } from './login-item';

let appData: string;

function fakeApp(isPackaged = true): LoginItemApp & { settings: { openAtLogin: boolean } } {
  const app = {
    isPackaged,
    settings: { openAtLogin: false },
    getPath: () => appData,
    getLoginItemSettings: vi.fn(() => app.settings),
    setLoginItemSettings: vi.fn((settings: { openAtLogin: boolean }) => void (app.settings = settings)),
  };
  return app;
}

beforeEach(() => {
  appData = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-appdata-'));
});
afterEach(() => {
  fs.rmSync(appData, { recursive: true, force: true });
});

describe('start at login on macOS and Windows', () => {
  it("uses the system's login items", () => {
    const app = fakeApp();
    const item = loginItem({ app, platform: 'win32', executable: 'C:\\Program Files\\Bookclub\\Bookclub.exe' });

    expect(item.isEnabled()).toBe(false);
    item.setEnabled(true);

    expect(app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true });
    expect(item.isEnabled()).toBe(true);
  });

  it('is not offered from source, where it would start Electron without the app', () => {
    const app = fakeApp(false);
    const item = loginItem({ app, platform: 'darwin', executable: '/src/node_modules/electron/dist/Electron' });

    item.setEnabled(true);

    expect(item.available).toBe(false);
    expect(app.setLoginItemSettings).not.toHaveBeenCalled();
  });
});

describe('start at login on Linux', () => {
  const file = () => path.join(appData, 'autostart', 'bookclub.desktop');

  it('writes an autostart entry that starts the app, and removes it again', () => {
    const item = loginItem({ app: fakeApp(), platform: 'linux', executable: '/home/reader/Apps/Bookclub-0.1.0.AppImage' });

    item.setEnabled(true);
    expect(item.isEnabled()).toBe(true);
    expect(fs.readFileSync(file(), 'utf8')).toContain('Exec="/home/reader/Apps/Bookclub-0.1.0.AppImage"\n');

    item.setEnabled(false);
    expect(item.isEnabled()).toBe(false);
    expect(fs.existsSync(file())).toBe(false);
  });

  it('quotes the program as desktop entries want', () => {
    expect(desktopExecArgument('/opt/Book "club"/$HOME/100%')).toBe('"/opt/Book \\"club\\"/\\$HOME/100%%"');
    expect(autostartEntry('/opt/Bookclub/bookclub')).toMatch(/^\[Desktop Entry\]\nType=Application\n/);
  });
});
