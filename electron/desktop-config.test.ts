import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bindingPath } from '../build/electron-native.mjs';
import { desktopServerConfig, devSqliteBinding, sqliteNativeBinding, type DesktopRuntime } from './desktop-config';

const userDataDir = path.resolve('/home/reader/.config/Bookclub');
const rendererDir = path.resolve('/opt/Bookclub/resources/app.asar/dist/renderer');
const packaged: DesktopRuntime = {
  isPackaged: true,
  appPath: path.resolve('/opt/Bookclub/resources/app.asar'),
  electronVersion: '45.4.1',
  resourcesPath: path.resolve('/opt/Bookclub/resources'),
};
const packagedBinding = path.resolve('/opt/Bookclub/resources/native/better_sqlite3.node');
const fromSource: DesktopRuntime = {
  isPackaged: false,
  appPath: path.resolve('/src/bookclub'),
  electronVersion: '45.4.1',
};
const runtime = packaged;

describe('desktopServerConfig', () => {
  it('keeps the data in the user-data folder and listens on the LAN from port 8080', () => {
    expect(desktopServerConfig({ userDataDir, rendererDir, env: {}, runtime, exists: () => true })).toEqual({
      dataDir: path.join(userDataDir, 'data'),
      port: 8080,
      host: '0.0.0.0',
      publicUrl: undefined,
      siteName: 'Bookclub',
      defaultLanguage: 'en',
      matrixRoomLink: null,
      smtpUrl: null,
      mailFrom: null,
      trustProxy: 0,
      // The host's own zone, as the headless server takes it.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      pollReminderHours: 24,
      backupDir: path.join(userDataDir, 'data', 'backups'),
      backupsKept: 7,
      matrix: null,
      // The book lookup asks the real Open Library, as the headless server does.
      openLibrary: { url: 'https://openlibrary.org', coversUrl: 'https://covers.openlibrary.org' },
      // Shelves are read from the real Goodreads and StoryGraph, twice a day, as the headless server does.
      shelves: { goodreadsUrl: 'https://www.goodreads.com', storygraphUrl: 'https://app.thestorygraph.com', intervalHours: 12 },
      rendererDir,
      sqliteNativeBinding: packagedBinding,
    });
  });

  it('keeps daily backups in its own data folder, whatever DATA_DIR says, unless BACKUP_DIR names a folder', () => {
    const elsewhere = desktopServerConfig({ userDataDir, rendererDir, runtime, exists: () => true, env: { DATA_DIR: '/srv/club' } });
    expect(elsewhere.backupDir).toBe(path.join(userDataDir, 'data', 'backups'));
    const named = desktopServerConfig({ userDataDir, rendererDir, runtime, exists: () => true, env: { BACKUP_DIR: '/mnt/usb/club', BACKUPS_KEPT: '14' } });
    expect(named).toMatchObject({ backupDir: path.resolve('/mnt/usb/club'), backupsKept: 14 });
  });

  it('takes the headless settings from the environment, but not the data folder or host', () => {
    const config = desktopServerConfig({
      userDataDir,
      rendererDir,
      runtime,
      exists: () => true,
      env: {
        PORT: '9000',
        SMTP_URL: 'smtp://mail.example.org',
        SITE_NAME: 'Čitáreň',
        DATA_DIR: '/tmp/x',
        HOST: '10.0.0.1',
      },
    });
    expect(config).toMatchObject({
      port: 9000,
      smtpUrl: 'smtp://mail.example.org',
      siteName: 'Čitáreň',
      dataDir: path.join(userDataDir, 'data'),
      host: '0.0.0.0',
    });
  });

  it('refuses a bad setting with a readable message', () => {
    expect(() => desktopServerConfig({ userDataDir, rendererDir, env: { PORT: 'eighty' }, runtime })).toThrow(
      'PORT must be a whole number from 0 to 65535, not "eighty"',
    );
  });
});

describe('the better-sqlite3 binary the server loads', () => {
  const builtFile = path.join(fromSource.appPath, '.electron-native', '45.4.1', 'better_sqlite3.node');

  it("is the Electron build shipped beside the package when packaged, never node_modules' Node build", () => {
    const config = desktopServerConfig({ userDataDir, rendererDir, env: {}, runtime: packaged, exists: (f) => f === packagedBinding });
    expect(config.sqliteNativeBinding).toBe(packagedBinding);
    expect(() => desktopServerConfig({ userDataDir, rendererDir, env: {}, runtime: packaged, exists: () => false })).toThrow(/Reinstall/);
  });

  it('is the one built for this Electron when run from source, so node_modules stays built for Node', () => {
    const config = desktopServerConfig({
      userDataDir,
      rendererDir,
      env: {},
      runtime: fromSource,
      exists: (file) => file === builtFile,
    });
    expect(config.sqliteNativeBinding).toBe(builtFile);
  });

  it('is where build/electron-native.mjs puts it', () => {
    expect(devSqliteBinding(fromSource.appPath, '45.4.1')).toBe(bindingPath(fromSource.appPath, '45.4.1'));
  });

  it('when not built yet, says how to build it', () => {
    expect(() => sqliteNativeBinding(fromSource, () => false)).toThrow(
      `The database library has not been built for Electron 45.4.1 (${builtFile} is missing). ` + 'Start the app with `npm run desktop`, which builds it.',
    );
  });
});
