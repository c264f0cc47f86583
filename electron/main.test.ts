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
    loginItem = { openAtLogin: false };
    getLoginItemSettings = vi.fn(() => this.loginItem);
    setLoginItemSettings = vi.fn((settings: { openAtLogin: boolean }) => void (this.loginItem = settings));
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
    bounds = { x: 0, y: 0, width: 1200, height: 850 };
    maximized = false;
    getNormalBounds = () => this.bounds;
    isMaximized = () => this.maximized;
    maximize = vi.fn(() => void (this.maximized = true));
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

  class FakeNotification {
    static supported = true;
    static shown: { title: string; body: string }[] = [];
    static isSupported = () => FakeNotification.supported;
    constructor(readonly options: { title: string; body: string }) {}
    show() {
      FakeNotification.shown.push({ title: this.options.title, body: this.options.body });
    }
  }

  type MenuItem = { label?: string; role?: string; type?: string; checked?: boolean; click?: () => void; submenu?: MenuItem[] };
  type Template = MenuItem[];
  const dialogFakes = () => ({
    showErrorBox: vi.fn(),
    // Called as (window, options) when there is a window, as Electron allows.
    showSaveDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePath: '' })),
    showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePaths: [] as string[] })),
    showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 0, checkboxChecked: false })),
  });

  const electron = {
    app: new FakeApp(),
    BrowserWindow: FakeBrowserWindow,
    dialog: dialogFakes(),
    shell: { openExternal: vi.fn(async (_url: string) => {}), openPath: vi.fn(async (_path: string) => '') },
    utilityProcess: { fork: vi.fn() },
    clipboard: { writeText: vi.fn() },
    Notification: FakeNotification,
    screen: { getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]) },
    Menu: {
      current: null as Template | null,
      buildFromTemplate: vi.fn((template: Template) => template),
      setApplicationMenu: vi.fn((menu: Template) => void (electron.Menu.current = menu)),
    },
  };

  return {
    electron,
    FakeEvent,
    reset() {
      electron.app = new FakeApp();
      FakeBrowserWindow.instances = [];
      electron.dialog = dialogFakes();
      electron.shell.openExternal = vi.fn(async () => {});
      electron.shell.openPath = vi.fn(async () => '');
      electron.utilityProcess.fork = vi.fn();
      electron.clipboard.writeText = vi.fn();
      FakeNotification.supported = true;
      FakeNotification.shown = [];
      electron.screen.getAllDisplays = vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]);
      electron.Menu.current = null;
      electron.Menu.setApplicationMenu = vi.fn((menu: Template) => void (electron.Menu.current = menu));
    },
  };
});

vi.mock('electron', () => fake.electron);

const { electron, FakeEvent } = fake;
let child: FakeChild;
// Where the fake app keeps its user data (window-state.json, the autostart entry): a fresh folder per test.
let appData: string;

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
  appData = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-appdata-'));
  electron.app.paths.set('appData', appData);
  // A packaged app's resources, with better-sqlite3 built for Electron where `npm run dist` puts it.
  fs.mkdirSync(path.join(appData, 'resources', 'native'), { recursive: true });
  fs.writeFileSync(path.join(appData, 'resources', 'native', 'better_sqlite3.node'), '');
  (process as { resourcesPath?: string }).resourcesPath = path.join(appData, 'resources');
  child = new FakeChild();
  electron.utilityProcess.fork.mockReturnValue(child);
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  fs.rmSync(appData, { recursive: true, force: true });
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
  it('the server loads the better-sqlite3 built for Electron that the package ships, not node_modules\' Node build', async () => {
    await launchApp();

    expect(child.posted[0]).toMatchObject({
      type: 'start',
      config: { sqliteNativeBinding: path.join(appData, 'resources', 'native', 'better_sqlite3.node') },
    });
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

  /** Every fork after the first hands out a fresh server process, collected here. */
  function forkFreshProcesses(): FakeChild[] {
    const forked: FakeChild[] = [child];
    electron.utilityProcess.fork.mockReturnValueOnce(child).mockImplementation(() => {
      const next = new FakeChild();
      forked.push(next);
      return next;
    });
    return forked;
  }

  it('by crashing later is started again on the same port; the window reloads and the menu follows', async () => {
    const forked = forkFreshProcesses();
    const window = await launchAndStart(8081);
    window.loadURL.mockClear();

    child.emit('exit', 139);
    await settle();
    expect(forked).toHaveLength(2);
    expect(forked[1]!.posted[0]).toMatchObject({ type: 'start', config: { port: 8081 }, portAttempts: 1 });
    forked[1]!.answer({ type: 'started', port: 8081, urls: ['http://localhost:8081', 'http://192.168.1.6:8081'] });
    await settle();

    expect(window.loadURL).toHaveBeenCalledExactlyOnceWith('http://localhost:8081/');
    const addresses = menuItem('Club', 'Addresses members can open').submenu!;
    expect(addresses.filter((item) => item.click).map((item) => item.label)).toEqual(['http://192.168.1.6:8081']);
    expect(electron.dialog.showErrorBox).not.toHaveBeenCalled();
    expect(electron.app.exit).not.toHaveBeenCalled();
  });

  it('by crashing again and again is reported, and the app exits', async () => {
    const forked = forkFreshProcesses();
    await launchAndStart(8081);

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
    await launchAndStart(8081);

    child.emit('exit', 139);
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
    await launchAndStart();

    quit();
    await settle();
    child.emit('exit', 139);
    await settle();

    expect(forked).toHaveLength(1);
    expect(electron.app.quitCount).toBe(1);
    expect(electron.dialog.showErrorBox).not.toHaveBeenCalled();
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

type MenuTemplate = NonNullable<typeof electron.Menu.current>;

/** The item reached by following labels through the application menu. */
function menuItem(...labels: string[]) {
  let items: MenuTemplate = electron.Menu.current ?? [];
  let item: MenuTemplate[number] | undefined;
  for (const label of labels) {
    item = items.find((candidate) => candidate.label === label);
    if (!item) throw new Error(`no menu item "${label}" among ${items.map((c) => c.label ?? c.role).join(', ')}`);
    items = item.submenu ?? [];
  }
  return item!;
}

function clickMenu(...labels: string[]) {
  menuItem(...labels).click!();
}

/** The options of the last message box, shown on the window or on its own. */
function lastMessageBox() {
  const args = electron.dialog.showMessageBox.mock.calls.at(-1) ?? [];
  return args.at(-1) as { type?: string; message: string; detail?: string };
}

describe('the host menu', () => {
  it('lists the addresses members can open; a click copies one and says so', async () => {
    await launchAndStart(8081);

    const addresses = menuItem('Club', 'Addresses members can open').submenu!;
    expect(addresses.filter((item) => item.click).map((item) => item.label)).toEqual(['http://192.168.1.5:8081']);
    clickMenu('Club', 'Addresses members can open', 'http://192.168.1.5:8081');
    await settle();

    expect(electron.clipboard.writeText).toHaveBeenCalledWith('http://192.168.1.5:8081');
    expect(electron.Notification.shown).toEqual([{ title: 'Address copied', body: expect.stringContaining('http://192.168.1.5:8081') }]);
  });

  it('says a copied address in a message box where notifications are not supported', async () => {
    electron.Notification.supported = false;
    await launchAndStart(8081);

    clickMenu('Club', 'Addresses members can open', 'http://192.168.1.5:8081');
    await settle();

    expect(lastMessageBox()).toMatchObject({ message: 'Address copied' });
  });

  it('shows the setup code while the club has no admin; a click copies it and says what it is for', async () => {
    await launchApp();
    child.answer({ type: 'started', port: 8081, urls: ['http://localhost:8081'], setupCode: 'ABCD-EFGH' });
    await settle();

    clickMenu('Club', 'Setup code for another computer: ABCD-EFGH');
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
    await launchAndStart();

    const labels = (menuItem('Club').submenu ?? []).map((item) => item.label);
    expect(labels.filter((label) => label?.startsWith('Setup code'))).toEqual([]);
  });

  it('"Open data folder" opens the club\'s data folder', async () => {
    await launchAndStart();

    clickMenu('Club', 'Open data folder');
    await settle();

    expect(electron.shell.openPath).toHaveBeenCalledWith(path.join(appData, 'Bookclub', 'data'));
  });

  it('"Back up the club…" asks for a file, has the server process copy the database, and reports it', async () => {
    await launchAndStart();
    electron.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: '/backups/club.db' });

    clickMenu('Club', 'Back up the club…');
    await settle();

    const saveOptions = electron.dialog.showSaveDialog.mock.calls[0]!.at(-1) as { defaultPath: string };
    expect(path.basename(saveOptions.defaultPath)).toMatch(/^bookclub-backup-\d{4}-\d{2}-\d{2}\.db$/);
    expect(child.posted.at(-1)).toEqual({ type: 'backup', file: '/backups/club.db' });

    child.answer({ type: 'backup-done', bytes: 40_960 });
    await settle();
    expect(lastMessageBox()).toMatchObject({ type: 'info', message: 'The club is backed up.' });
  });

  it('"Back up the club…" cancelled does nothing', async () => {
    await launchAndStart();

    clickMenu('Club', 'Back up the club…');
    await settle();

    expect(child.posted.map((message) => message.type)).toEqual(['start']);
    expect(electron.dialog.showMessageBox).not.toHaveBeenCalled();
  });

  it('"Start when I log in" turns the login item on and shows it checked', async () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    Object.defineProperty(process, 'platform', { value: 'darwin' });
    try {
      await launchAndStart();
      expect(menuItem('Club', 'Start when I log in')).toMatchObject({ type: 'checkbox', checked: false });

      clickMenu('Club', 'Start when I log in');
      await settle();

      expect(electron.app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true });
      expect(menuItem('Club', 'Start when I log in')).toMatchObject({ checked: true });
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
    electron.utilityProcess.fork.mockReturnValueOnce(child).mockReturnValueOnce(next);
    events = [];
    for (const [name, process] of [['old', child], ['new', next]] as const) {
      process.postMessage = (message) => {
        process.posted.push(message);
        events.push(`${name} server: ${message.type}${'restoreFrom' in message ? ` restoring ${message.restoreFrom}` : ''}`);
      };
    }
    const window = await launchAndStart(8081);
    window.loadURL.mockImplementation(async (url: string) => void events.push(`window loads ${url}`));
    electron.dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: ['/backups/club.db'] });
    return window;
  }

  it('stops the server, restores in a new one on the same port, then reloads the window', async () => {
    await launchForRestore();

    clickMenu('Club', 'Restore from a backup…');
    await settle();
    expect(lastMessageBox()).toMatchObject({ message: 'Restore the club from club.db?' });
    child.answer({ type: 'closed' });
    await settle();
    next.answer({ type: 'restored', keptAs: '/data/bookclub.db.before-restore-1' });
    next.answer({ type: 'started', port: 8081, urls: ['http://localhost:8081', 'http://192.168.1.5:8081'] });
    await settle();

    expect(events).toEqual([
      'old server: start',
      'old server: close',
      'new server: start restoring /backups/club.db',
      'window loads http://localhost:8081/',
    ]);
    expect(next.posted[0]).toMatchObject({ config: { port: 8081 }, portAttempts: 1 });
    expect(lastMessageBox()).toMatchObject({
      type: 'info',
      message: 'The club was restored.',
      detail: 'The database it replaced is kept as /data/bookclub.db.before-restore-1.',
    });
  });

  it('cancelled at the confirmation leaves the server running', async () => {
    await launchForRestore();
    electron.dialog.showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false });

    clickMenu('Club', 'Restore from a backup…');
    await settle();

    expect(events).toEqual(['old server: start']);
    expect(electron.utilityProcess.fork).toHaveBeenCalledOnce();
  });

  it('a refused file: the club restarts unchanged and the reason is shown', async () => {
    await launchForRestore();

    clickMenu('Club', 'Restore from a backup…');
    await settle();
    child.answer({ type: 'closed' });
    await settle();
    next.answer({ type: 'restore-refused', message: '/backups/club.db is not a Bookclub database.' });
    next.answer({ type: 'started', port: 8081, urls: [] });
    await settle();

    expect(events.at(-1)).toBe('window loads http://localhost:8081/');
    expect(lastMessageBox()).toEqual({
      type: 'error',
      message: 'That file was not restored.',
      detail: '/backups/club.db is not a Bookclub database.\n\nThe club was restarted unchanged.',
    });
  });

  it('a club that cannot start again is reported, and the app exits', async () => {
    await launchForRestore();

    clickMenu('Club', 'Restore from a backup…');
    await settle();
    child.answer({ type: 'closed' });
    await settle();
    next.answer({ type: 'failed', message: 'Port 8081 is in use by another program.' });
    await settle();

    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith(
      'Bookclub could not restart',
      'The club server could not start: Port 8081 is in use by another program.',
    );
    expect(electron.app.exit).toHaveBeenCalledWith(1);
  });
});

describe('the window\'s place', () => {
  const stateFile = () => path.join(appData, 'Bookclub', 'window-state.json');
  const saveState = (state: unknown) => {
    fs.mkdirSync(path.dirname(stateFile()), { recursive: true });
    fs.writeFileSync(stateFile(), JSON.stringify(state));
  };

  it('comes back where it was when that is still on a screen', async () => {
    saveState({ bounds: { x: 100, y: 50, width: 1000, height: 700 }, maximized: false });

    const window = await launchAndStart();

    expect(window.options).toMatchObject({ x: 100, y: 50, width: 1000, height: 700 });
  });

  it('opens at the default size, centred, when that screen is gone', async () => {
    saveState({ bounds: { x: 3000, y: 50, width: 1000, height: 700 }, maximized: false });

    const window = await launchAndStart();

    expect(window.options).toMatchObject({ width: 1200, height: 850 });
    expect(window.options).not.toHaveProperty('x');
  });

  it('comes back maximized', async () => {
    saveState({ bounds: { x: 100, y: 50, width: 1000, height: 700 }, maximized: true });

    const window = await launchAndStart();
    window.emit('ready-to-show');

    expect(window.maximize).toHaveBeenCalled();
    expect(window.show).toHaveBeenCalled();
  });

  it('is saved a moment after the window moves, and when it closes', async () => {
    const window = await launchAndStart();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    window.bounds = { x: 40, y: 30, width: 900, height: 640 };
    window.emit('move');
    vi.advanceTimersByTime(100);
    expect(fs.existsSync(stateFile())).toBe(false);
    vi.advanceTimersByTime(400);
    expect(JSON.parse(fs.readFileSync(stateFile(), 'utf8'))).toEqual({ bounds: window.bounds, maximized: false });

    window.maximized = true;
    window.emit('close');
    expect(JSON.parse(fs.readFileSync(stateFile(), 'utf8'))).toMatchObject({ maximized: true });
  });
});
