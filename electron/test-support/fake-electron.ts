// The electron module as the desktop shell uses it, faked: no Electron binary, no display. A test file
// creates it in vi.hoisted and hands it to vi.mock('electron'), then resets it before each test.
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

export class FakeEvent {
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

export type MenuItem = { label?: string; role?: string; type?: string; checked?: boolean; click?: () => void; submenu?: MenuItem[] };
type Template = MenuItem[];

const dialogFakes = () => ({
  showErrorBox: vi.fn(),
  // Called as (window, options) when there is a window, as Electron allows.
  showSaveDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePath: '' })),
  showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePaths: [] as string[] })),
  showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 0, checkboxChecked: false })),
});

export function createFakeElectron() {
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
    /** A fresh app, no windows, dialogs cancelled, notifications supported, one 1920×1080 screen. */
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
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;
