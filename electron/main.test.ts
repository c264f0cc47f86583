// Drives the desktop shell's wiring with the electron module replaced by fakes: no Electron binary, no display.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeChild } from './test-fakes';

const fake = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');

  class FakeEvent {
    defaultPrevented = false;
    constructor(readonly url = '') {}
    preventDefault() {
      this.defaultPrevented = true;
    }
  }

  class FakeApp extends EventEmitter {
    hasLock = true;
    quitCount = 0;
    isPackaged = true;
    appPath = '/opt/Bookclub/resources/app.asar';
    getAppPath = vi.fn(() => this.appPath);
    readonly paths = new Map([
      ['appData', '/home/reader/.config'],
      ['userData', '/home/reader/.config/bookclub'],
    ]);
    setPath = vi.fn((name: string, value: string) => void this.paths.set(name, value));
    getPath = vi.fn((name: string) => this.paths.get(name) ?? `/fake/${name}`);
    requestSingleInstanceLock = vi.fn(() => this.hasLock);
    whenReady = vi.fn(() => Promise.resolve());
    exit = vi.fn();
    // Like Electron: a quit emits before-quit, and only goes ahead when no handler prevented it.
    quit = vi.fn(() => {
      const event = new FakeEvent();
      this.emit('before-quit', event);
      if (!event.defaultPrevented) this.quitCount++;
    });
  }

  class FakeWebContents extends EventEmitter {
    windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      this.windowOpenHandler = handler;
    }
  }

  class FakeBrowserWindow extends EventEmitter {
    static instances: FakeBrowserWindow[] = [];
    readonly webContents = new FakeWebContents();
    minimized = false;
    loadURL = vi.fn(async (_url: string) => {});
    show = vi.fn();
    focus = vi.fn();
    restore = vi.fn(() => void (this.minimized = false));
    isMinimized = () => this.minimized;
    isDestroyed = () => false;
    constructor(readonly options: Record<string, unknown>) {
      super();
      FakeBrowserWindow.instances.push(this);
    }
  }

  const electron = {
    app: new FakeApp(),
    BrowserWindow: FakeBrowserWindow,
    dialog: { showErrorBox: vi.fn() },
    shell: { openExternal: vi.fn(async (_url: string) => {}) },
    utilityProcess: { fork: vi.fn() },
  };

  return {
    electron,
    FakeEvent,
    reset() {
      electron.app = new FakeApp();
      FakeBrowserWindow.instances = [];
      electron.dialog.showErrorBox = vi.fn();
      electron.shell.openExternal = vi.fn(async () => {});
      electron.utilityProcess.fork = vi.fn();
    },
  };
});

vi.mock('electron', () => fake.electron);

const { electron, FakeEvent } = fake;
let child: FakeChild;

// setImmediate runs after every pending promise callback, so the shell has done all it can.
const settle = () => new Promise((resolve) => setImmediate(resolve));

async function launchApp() {
  vi.resetModules();
  await import('./main');
  await settle();
}

async function launchAndStart(port = 8081) {
  await launchApp();
  child.answer({ type: 'started', port, urls: [`http://localhost:${port}`, `http://192.168.1.5:${port}`] });
  await settle();
  const window = electron.BrowserWindow.instances[0];
  if (!window) throw new Error('no window was opened');
  return window;
}

function quit() {
  electron.app.quit();
}

beforeEach(() => {
  fake.reset();
  child = new FakeChild();
  electron.utilityProcess.fork.mockReturnValue(child);
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('launching', () => {
  it('a second launch hands over to the first and quits itself', async () => {
    electron.app.hasLock = false;

    await launchApp();

    expect(electron.app.quit).toHaveBeenCalled();
    expect(electron.app.whenReady).not.toHaveBeenCalled();
    expect(electron.utilityProcess.fork).not.toHaveBeenCalled();
  });

  it('keeps the single-instance lock and the data in one "Bookclub" user-data folder', async () => {
    await launchApp();

    expect(electron.app.setPath).toHaveBeenCalledWith('userData', expect.stringMatching(/[/\\]Bookclub$/));
    expect(electron.app.setPath.mock.invocationCallOrder[0]).toBeLessThan(
      electron.app.requestSingleInstanceLock.mock.invocationCallOrder[0]!,
    );
  });

  it('starts the server in a utility process with its data in the user-data folder', async () => {
    await launchApp();

    expect(electron.utilityProcess.fork).toHaveBeenCalledWith(
      expect.stringMatching(/[/\\]server-process\.js$/),
      [],
      expect.objectContaining({ serviceName: 'Bookclub server' }),
    );
    expect(child.posted).toEqual([
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
    const window = await launchAndStart(8083);

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

    await launchApp();

    expect(child.posted[0]).toMatchObject({ type: 'start', config: { sqliteNativeBinding: binding } });
  });

  it('without that build, says how to make it before anything starts', async () => {
    await launchApp();

    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Bookclub could not start',
      expect.stringContaining('Start the app with `npm run desktop`, which builds it.'),
    );
    expect(electron.utilityProcess.fork).not.toHaveBeenCalled();
    expect(electron.app.exit).toHaveBeenCalledWith(1);
  });
});

describe('installed from a package', () => {
  it('the server loads the better-sqlite3 in node_modules, which electron-builder built for Electron', async () => {
    await launchApp();

    expect(child.posted[0]).toMatchObject({ type: 'start' });
    expect(child.posted[0]).not.toHaveProperty('config.sqliteNativeBinding');
  });
});

describe('a second launch while running', () => {
  it('brings the existing window back to the front', async () => {
    const window = await launchAndStart();
    window.minimized = true;

    electron.app.emit('second-instance');

    expect(window.restore).toHaveBeenCalled();
    expect(window.show).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
  });
});

describe('links in the window', () => {
  it('to another origin are refused in the app and opened in the system browser', async () => {
    const window = await launchAndStart(8081);
    const event = new FakeEvent('https://www.goodreads.com/book/show/1');

    window.webContents.emit('will-navigate', event);

    expect(event.defaultPrevented).toBe(true);
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://www.goodreads.com/book/show/1');
  });

  it('within the club navigate as usual', async () => {
    const window = await launchAndStart(8081);
    const event = new FakeEvent('http://localhost:8081/polls/4');

    window.webContents.emit('will-navigate', event);

    expect(event.defaultPrevented).toBe(false);
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
  });

  it('never open a second window', async () => {
    const window = await launchAndStart(8081);
    const open = window.webContents.windowOpenHandler!;

    expect(open({ url: 'https://matrix.to/#/#club:example.org' })).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://matrix.to/#/#club:example.org');
    expect(open({ url: 'http://localhost:8081/books/2' })).toEqual({ action: 'deny' });
    expect(window.loadURL).toHaveBeenLastCalledWith('http://localhost:8081/books/2');
  });
});

describe('quitting', () => {
  it('asks the server to close, waits until it has, then quits', async () => {
    await launchAndStart();

    quit();
    await settle();

    expect(child.posted.at(-1)).toEqual({ type: 'close' });
    expect(electron.app.quitCount).toBe(0);

    child.answer({ type: 'closed' });
    await settle();
    expect(electron.app.quitCount).toBe(1);
    expect(child.killed).toBe(false);
  });

  it('kills the server when it does not close in time, then quits', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await launchAndStart();

    quit();
    await settle();
    vi.advanceTimersByTime(4_999);
    await settle();
    expect(child.killed).toBe(false);

    vi.advanceTimersByTime(1);
    await settle();
    expect(child.killed).toBe(true);
    expect(electron.app.quitCount).toBe(1);
  });

  it('closing the window quits the app the same way', async () => {
    await launchAndStart();

    electron.app.emit('window-all-closed');
    await settle();

    expect(child.posted.at(-1)).toEqual({ type: 'close' });
  });

  it('during start stops the server without reporting an error', async () => {
    await launchApp();

    quit();
    await settle();
    child.answer({ type: 'closed' });
    await settle();

    expect(electron.app.quitCount).toBe(1);
    expect(electron.dialog.showErrorBox).not.toHaveBeenCalled();
    expect(electron.BrowserWindow.instances).toHaveLength(0);
  });
});

describe('a server that fails', () => {
  it('by crashing while starting is reported, and the app exits', async () => {
    await launchApp();

    child.emit('exit', 1);
    await settle();

    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Bookclub could not start',
      'The club server stopped unexpectedly while starting (exit code 1).',
    );
    expect(electron.app.exit).toHaveBeenCalledWith(1);
    expect(electron.BrowserWindow.instances).toHaveLength(0);
  });

  it('by not starting in time is reported, and the app exits', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await launchApp();

    vi.advanceTimersByTime(30_000);
    await settle();

    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Bookclub could not start',
      'The club server did not start within 30 seconds.',
    );
    expect(child.killed).toBe(true);
    expect(electron.app.exit).toHaveBeenCalledWith(1);
  });

  it('by giving up on start shows its reason', async () => {
    await launchApp();

    child.answer({ type: 'failed', message: 'Ports 8080 to 8089 are all in use by other programs.' });
    await settle();

    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Bookclub could not start',
      'The club server could not start: Ports 8080 to 8089 are all in use by other programs.',
    );
    expect(electron.app.exit).toHaveBeenCalledWith(1);
  });

  it('by crashing later is reported, and the app exits', async () => {
    await launchAndStart();

    child.emit('exit', 139);
    await settle();

    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'The Bookclub server stopped',
      'The club server stopped unexpectedly (exit code 139). Bookclub will close.',
    );
    expect(electron.app.exit).toHaveBeenCalledWith(1);
  });

  it('because a setting is wrong is reported before anything starts', async () => {
    vi.stubEnv('PORT', 'eighty');
    try {
      await launchApp();
    } finally {
      vi.unstubAllEnvs();
    }

    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Bookclub could not start',
      'PORT must be a whole number from 0 to 65535, not "eighty"',
    );
    expect(electron.utilityProcess.fork).not.toHaveBeenCalled();
  });
});
