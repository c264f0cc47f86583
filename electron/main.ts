// The desktop shell: one window on the club server, which runs in a utility process (server-host.ts),
// and the host's menu (host-menu.ts, host-actions.ts). Logic lives in the small modules beside this
// file; this one only wires them to Electron.
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  Menu,
  Notification,
  screen,
  shell,
  utilityProcess,
  type MessageBoxOptions,
  type OpenDialogOptions,
  type SaveDialogOptions,
} from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { superviseServer, type ClubServer } from './club-server';
import { desktopServerConfig, PORT_ATTEMPTS } from './desktop-config';
import { hostActions, type HostDialogs } from './host-actions';
import { firstPageUrl, hostMenuTemplate, hostPageUrl, type HostMenuActions } from './host-menu';
import { focusWindow, quitGuard } from './lifecycle';
import { loginItem } from './login-item';
import { navigationGuard, windowOpenGuard } from './navigation';
import { ServerStartError, type StartedServer } from './server-host';
import { SERVER_HEAP_FLAGS } from '../server/heap-flags';
import { keepWindowState, readWindowState, restoreBounds, WINDOW_STATE_FILE, writeWindowState } from './window-state';

// dist/electron/ once bundled (inside app.asar when packaged); the preload, the server process and the
// renderer are found from here.
const here = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.dirname(here);

const DEFAULT_SIZE = { width: 1200, height: 850 };

function reportAndExit(title: string, error: unknown): void {
  console.error(title, error);
  dialog.showErrorBox(title, error instanceof Error ? error.message : String(error));
  app.exit(1);
}

function clubUrl(port: number): string {
  return `http://localhost:${port}/`;
}

function createWindow(url: string, stateFile: string): BrowserWindow {
  const placement = restoreBounds(readWindowState(stateFile), screen.getAllDisplays(), DEFAULT_SIZE);
  const window = new BrowserWindow({
    width: placement.width,
    height: placement.height,
    ...(placement.x === undefined ? {} : { x: placement.x, y: placement.y }),
    minWidth: 400,
    minHeight: 500,
    title: 'Bookclub',
    // Shown once painted, so the user never sees an empty white frame.
    show: false,
    webPreferences: {
      preload: path.join(here, 'preload.cjs'),
      contextIsolation: true,
      nodeIntegration: false,
      sandbox: true,
    },
  });
  keepWindowState(window, (state) => writeWindowState(stateFile, state));

  const origin = new URL(url).origin;
  const openExternal = (target: string) => shell.openExternal(target);
  const guard = navigationGuard(origin, openExternal);
  window.webContents.on('will-navigate', guard);
  window.webContents.on('will-redirect', guard);
  window.webContents.setWindowOpenHandler(
    windowOpenGuard(origin, openExternal, (target) => {
      window.loadURL(target).catch((error: unknown) => console.error(`Could not open ${target}:`, error));
    }),
  );

  window.once('ready-to-show', () => {
    // Maximizing shows the window, so it waits until there is something to show.
    if (placement.maximized) window.maximize();
    window.show();
  });
  window.loadURL(url).catch((error: unknown) => {
    // Show whatever Chromium made of it rather than leave an invisible window behind.
    console.error(`Could not load ${url}:`, error);
    window.show();
  });
  return window;
}

/** Electron's dialogs, attached to the window while there is one. */
function windowDialogs(window: () => BrowserWindow | null): HostDialogs {
  const parent = () => {
    const current = window();
    return current && !current.isDestroyed() ? current : null;
  };
  return {
    showSaveDialog: (options: SaveDialogOptions) => {
      const owner = parent();
      return owner ? dialog.showSaveDialog(owner, options) : dialog.showSaveDialog(options);
    },
    showOpenDialog: (options: OpenDialogOptions) => {
      const owner = parent();
      return owner ? dialog.showOpenDialog(owner, options) : dialog.showOpenDialog(options);
    },
    showMessageBox: (options: MessageBoxOptions) => {
      const owner = parent();
      return owner ? dialog.showMessageBox(owner, options) : dialog.showMessageBox(options);
    },
  };
}

function notify(title: string, body: string, dialogs: HostDialogs): void {
  if (Notification.isSupported()) new Notification({ title, body, silent: true }).show();
  else void dialogs.showMessageBox({ type: 'info', message: title, detail: body });
}

function main(): void {
  // One data folder whether run from source or installed (the default follows package.json's lower-case
  // name in development). Set before the single-instance lock, which lives in this folder.
  app.setPath('userData', path.join(app.getPath('appData'), 'Bookclub'));
  // Windows shows an app's notifications only under the ID its Start-menu shortcut carries (electron-builder's appId).
  if (process.platform === 'win32') app.setAppUserModelId('org.bookclub.app');

  // Two instances would fight over the same database and port; the second one hands over to the first.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }

  let mainWindow: BrowserWindow | null = null;
  let server: ClubServer | null = null;

  app.on('second-instance', () => {
    if (mainWindow && !mainWindow.isDestroyed()) focusWindow(mainWindow);
  });

  // The window is the app, on macOS too: closing it stops the club rather than leaving a server running
  // with nothing on screen to show it.
  app.on('window-all-closed', () => app.quit());

  app.on(
    'before-quit',
    quitGuard(
      async () => {
        const outcome = await server?.stop();
        if (outcome === 'killed') console.warn('The club server did not close in time and was stopped.');
      },
      () => app.quit(),
    ),
  );

  // A quit during a start (or a restart) stops the server on purpose; that is no failure to report.
  const unlessStopped = (title: string) => (error: unknown) => {
    if (error instanceof ServerStartError && error.reason === 'stopped') return;
    reportAndExit(title, error);
  };

  app
    .whenReady()
    .then(async () => {
      const userDataDir = app.getPath('userData');
      const config = desktopServerConfig({
        userDataDir,
        rendererDir: path.join(distDir, 'renderer'),
        env: process.env,
        runtime: {
          isPackaged: app.isPackaged,
          appPath: app.getAppPath(),
          electronVersion: process.versions.electron,
          resourcesPath: process.resourcesPath,
        },
      });
      const club = superviseServer({
        fork: () =>
          utilityProcess.fork(path.join(here, 'server-process.js'), [], {
            serviceName: 'Bookclub server',
            stdio: 'inherit',
            execArgv: [...SERVER_HEAP_FLAGS],
          }),
        config,
        portAttempts: PORT_ATTEMPTS,
      });
      server = club;
      // Only once the club could not be brought back (see club-server.ts).
      club.onCrash((error) => reportAndExit('The Bookclub server stopped', new Error(`${error.message} Bookclub will close.`)));

      let running: StartedServer = await club.started;
      console.log(`Bookclub is open to members at:\n  ${running.urls.join('\n  ')}`);
      mainWindow = createWindow(firstPageUrl(running.port, running.setupCode), path.join(userDataDir, WINDOW_STATE_FILE));
      mainWindow.on('closed', () => {
        mainWindow = null;
      });

      const login = loginItem({
        app,
        platform: process.platform,
        // An AppImage runs from a temporary mount; the image itself is what starts it again.
        executable: process.env.APPIMAGE ?? process.execPath,
      });
      const dialogs = windowDialogs(() => mainWindow);
      const refreshMenu = () =>
        Menu.setApplicationMenu(
          Menu.buildFromTemplate(
            hostMenuTemplate(
              {
                urls: running.urls,
                setupCode: running.setupCode,
                dataDir: config.dataDir,
                openAtLogin: login.isEnabled(),
                canOpenAtLogin: login.available,
                isPackaged: app.isPackaged,
                platform: process.platform,
              },
              actions,
            ),
          ),
        );
      // The club runs in a fresh server process (after a restore or a crash): show it afresh.
      const showRestarted = (started: StartedServer) => {
        running = started;
        refreshMenu();
        mainWindow?.loadURL(clubUrl(started.port)).catch((error: unknown) => {
          console.error('Could not reload the club after its restart:', error);
        });
      };
      const showHostPage = () => {
        const window = mainWindow;
        if (!window || window.isDestroyed()) return;
        focusWindow(window);
        window.loadURL(hostPageUrl(running.port)).catch((error: unknown) => console.error('Could not open the host page:', error));
      };
      const actions: HostMenuActions = {
        openHostPage: showHostPage,
        ...hostActions({
          dialogs,
          server: club,
          documentsDir: app.getPath('documents'),
          clipboard,
          notify: (title, body) => notify(title, body, dialogs),
          openPath: (dir) => shell.openPath(dir),
          loginItem: login,
          onChanged: refreshMenu,
          onRestarted: showRestarted,
          onRestartFailed: unlessStopped('Bookclub could not restart'),
        }),
      };
      club.onRestarted(showRestarted);
      refreshMenu();
    })
    .catch(unlessStopped('Bookclub could not start'));
}

main();
