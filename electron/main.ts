// The desktop shell: one window on the club server, which runs in a utility process (server-host.ts).
// Logic lives in the small modules beside this file; this one only wires them to Electron.
import { app, BrowserWindow, dialog, shell, utilityProcess } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { desktopServerConfig, PORT_ATTEMPTS } from './desktop-config';
import { focusWindow, quitGuard } from './lifecycle';
import { navigationGuard, windowOpenGuard } from './navigation';
import { launchServer, ServerStartError, type ServerHost } from './server-host';

// dist/electron/ once bundled (inside app.asar when packaged); the preload, the server process and the
// renderer are found from here.
const here = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.dirname(here);

function reportAndExit(title: string, error: unknown): void {
  console.error(title, error);
  dialog.showErrorBox(title, error instanceof Error ? error.message : String(error));
  app.exit(1);
}

function createWindow(clubUrl: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 850,
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

  const origin = new URL(clubUrl).origin;
  const openExternal = (url: string) => shell.openExternal(url);
  const guard = navigationGuard(origin, openExternal);
  window.webContents.on('will-navigate', guard);
  window.webContents.on('will-redirect', guard);
  window.webContents.setWindowOpenHandler(
    windowOpenGuard(origin, openExternal, (url) => {
      window.loadURL(url).catch((error: unknown) => console.error(`Could not open ${url}:`, error));
    }),
  );

  window.once('ready-to-show', () => window.show());
  window.loadURL(clubUrl).catch((error: unknown) => {
    // Show whatever Chromium made of it rather than leave an invisible window behind.
    console.error(`Could not load ${clubUrl}:`, error);
    window.show();
  });
  return window;
}

function main(): void {
  // One data folder whether run from source or installed (the default follows package.json's lower-case
  // name in development). Set before the single-instance lock, which lives in this folder.
  app.setPath('userData', path.join(app.getPath('appData'), 'Bookclub'));

  // Two instances would fight over the same database and port; the second one hands over to the first.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }

  let mainWindow: BrowserWindow | null = null;
  let server: ServerHost | null = null;

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

  app
    .whenReady()
    .then(async () => {
      const config = desktopServerConfig({
        userDataDir: app.getPath('userData'),
        rendererDir: path.join(distDir, 'renderer'),
        env: process.env,
        runtime: {
          isPackaged: app.isPackaged,
          appPath: app.getAppPath(),
          electronVersion: process.versions.electron,
        },
      });
      server = launchServer({
        fork: () =>
          utilityProcess.fork(path.join(here, 'server-process.js'), [], {
            serviceName: 'Bookclub server',
            stdio: 'inherit',
          }),
        config,
        portAttempts: PORT_ATTEMPTS,
      });
      server.onCrash((exitCode) =>
        reportAndExit(
          'The Bookclub server stopped',
          new Error(`The club server stopped unexpectedly (exit code ${exitCode}). Bookclub will close.`),
        ),
      );

      const { port, urls } = await server.started;
      console.log(`Bookclub is open to members at:\n  ${urls.join('\n  ')}`);
      mainWindow = createWindow(`http://localhost:${port}/`);
      mainWindow.on('closed', () => {
        mainWindow = null;
      });
    })
    .catch((error: unknown) => {
      // A quit during start stops the server on purpose; that is no failure to report.
      if (error instanceof ServerStartError && error.reason === 'stopped') return;
      reportAndExit('Bookclub could not start', error);
    });
}

main();
