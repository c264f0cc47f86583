// Launches the desktop shell (electron/main.ts) against the fake electron module, with a fresh user-data
// folder and a fake server process per test, and reads its menu and dialogs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import type { FakeElectron, MenuItem } from './fake-electron';
import { FakeChild } from './server-process-fakes';

// setImmediate runs after every pending promise callback, so the shell has done all it can.
export const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Registers the per-test set-up; call it at the top of a test file, after vi.mock('electron'). */
export function useDesktopShell(fake: FakeElectron) {
  const { electron } = fake;
  const shell = {
    /** The server process the next fork hands out. */
    child: new FakeChild(),
    /** Where the fake app keeps its user data (window-state.json, the autostart entry). */
    appData: '',

    async launchApp() {
      vi.resetModules();
      await import('../main');
      await settle();
    },

    async launchAndStart(port = 8081) {
      await shell.launchApp();
      shell.child.answer({ type: 'started', port, urls: [`http://localhost:${port}`, `http://192.168.1.5:${port}`] });
      await settle();
      const window = electron.BrowserWindow.instances[0];
      if (!window) throw new Error('no window was opened');
      return window;
    },

    quit() {
      electron.app.quit();
    },

    /** The item reached by following labels through the application menu. */
    menuItem(...labels: string[]): MenuItem {
      let items: MenuItem[] = electron.Menu.current ?? [];
      let item: MenuItem | undefined;
      for (const label of labels) {
        item = items.find((candidate) => candidate.label === label);
        if (!item) throw new Error(`no menu item "${label}" among ${items.map((c) => c.label ?? c.role).join(', ')}`);
        items = item.submenu ?? [];
      }
      return item!;
    },

    clickMenu(...labels: string[]) {
      shell.menuItem(...labels).click!();
    },

    /** The options of the last message box, shown on the window or on its own. */
    lastMessageBox() {
      const args = electron.dialog.showMessageBox.mock.calls.at(-1) ?? [];
      return args.at(-1) as { type?: string; message: string; detail?: string };
    },
  };

  beforeEach(() => {
    fake.reset();
    shell.appData = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-appdata-'));
    electron.app.paths.set('appData', shell.appData);
    // A packaged app's resources, with better-sqlite3 built for Electron where `npm run dist` puts it.
    fs.mkdirSync(path.join(shell.appData, 'resources', 'native'), { recursive: true });
    fs.writeFileSync(path.join(shell.appData, 'resources', 'native', 'better_sqlite3.node'), '');
    (process as { resourcesPath?: string }).resourcesPath = path.join(shell.appData, 'resources');
    shell.child = new FakeChild();
    electron.utilityProcess.fork.mockReturnValue(shell.child);
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    fs.rmSync(shell.appData, { recursive: true, force: true });
  });

  return shell;
}
