// The desktop shell starting: one instance, its server in a utility process with the right native build, a window.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDesktopShell } from './test-support/desktop-shell';
import { SERVER_HEAP_FLAGS } from '../server/heap-flags';

const fake = await vi.hoisted(async () => (await import('./test-support/fake-electron')).createFakeElectron());
vi.mock('electron', () => fake.electron);

const { electron } = fake;
const shell = useDesktopShell(fake);

describe('launching', () => {
  it('a second launch hands over to the first and quits itself', async () => {
    electron.app.hasLock = false;

    await shell.launchApp();

    expect(electron.app.quit).toHaveBeenCalled();
    expect(electron.app.whenReady).not.toHaveBeenCalled();
    expect(electron.utilityProcess.fork).not.toHaveBeenCalled();
  });

  it('keeps the single-instance lock and the data in one "Bookclub" user-data folder', async () => {
    await shell.launchApp();

    expect(electron.app.setPath).toHaveBeenCalledWith('userData', expect.stringMatching(/[/\\]Bookclub$/));
    expect(electron.app.setPath.mock.invocationCallOrder[0]).toBeLessThan(electron.app.requestSingleInstanceLock.mock.invocationCallOrder[0]!);
  });

  it('starts the server in a utility process with its data in the user-data folder', async () => {
    await shell.launchApp();

    expect(electron.utilityProcess.fork).toHaveBeenCalledWith(
      expect.stringMatching(/[/\\]server-process\.js$/),
      [],
      expect.objectContaining({ serviceName: 'Bookclub server', execArgv: [...SERVER_HEAP_FLAGS] }),
    );
    expect(shell.child.posted).toEqual([
      {
        type: 'start',
        config: expect.objectContaining({
          dataDir: expect.stringMatching(/[/\\]Bookclub[/\\]data$/),
          host: '0.0.0.0',
          port: 8080,
          rendererDir: expect.stringMatching(/[/\\]renderer$/),
        }),
        portAttempts: 10,
      },
    ]);
    expect(electron.BrowserWindow.instances).toHaveLength(0);
  });

  it('opens a sandboxed window on the port the server reports', async () => {
    const window = await shell.launchAndStart(8083);

    expect(window.options).toMatchObject({
      show: false,
      webPreferences: {
        contextIsolation: true,
        nodeIntegration: false,
        sandbox: true,
        preload: expect.stringMatching(/[/\\]preload\.cjs$/),
      },
    });
    expect(window.loadURL).toHaveBeenCalledWith('http://localhost:8083/');
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalled();
  });
});

describe('run from source', () => {
  let project: string;
  const versions = process.versions as { electron?: string };

  beforeEach(() => {
    project = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-source-'));
    electron.app.isPackaged = false;
    electron.app.appPath = project;
    versions.electron = '45.4.1';
  });

  afterEach(() => {
    delete versions.electron;
    fs.rmSync(project, { recursive: true, force: true });
  });

  it('the server loads better-sqlite3 built for this Electron, not the Node build in node_modules', async () => {
    const binding = path.join(project, '.electron-native', '45.4.1', 'better_sqlite3.node');
    fs.mkdirSync(path.dirname(binding), { recursive: true });
    fs.writeFileSync(binding, '');

    await shell.launchApp();

    expect(shell.child.posted[0]).toMatchObject({ type: 'start', config: { sqliteNativeBinding: binding } });
  });

  it('without that build, says how to make it before anything starts', async () => {
    await shell.launchApp();

    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Bookclub could not start',
      expect.stringContaining('Start the app with `npm run desktop`, which builds it.'),
    );
    expect(electron.utilityProcess.fork).not.toHaveBeenCalled();
    expect(electron.app.exit).toHaveBeenCalledWith(1);
  });
});

describe('installed from a package', () => {
  it("the server loads the better-sqlite3 built for Electron that the package ships, not node_modules' Node build", async () => {
    await shell.launchApp();

    expect(shell.child.posted[0]).toMatchObject({
      type: 'start',
      config: { sqliteNativeBinding: path.join(shell.appData, 'resources', 'native', 'better_sqlite3.node') },
    });
  });
});

describe('a second launch while running', () => {
  it('brings the existing window back to the front', async () => {
    const window = await shell.launchAndStart();
    window.minimized = true;

    electron.app.emit('second-instance');

    expect(window.restore).toHaveBeenCalled();
    expect(window.show).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
  });
});
