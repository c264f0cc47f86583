import fs from 'node:fs';
import path from 'node:path';
import { defaultBackupDir, readSettings, type ServerConfig } from '../server/settings';

/** How many ports from the first one (8080 unless PORT says otherwise) the server tries. */
export const PORT_ATTEMPTS = 10;

/** How the shell is running: installed from a package, or from source (`npm run desktop`). */
export interface DesktopRuntime {
  isPackaged: boolean;
  /** The app's folder; from source, the project (where package.json is). */
  appPath: string;
  electronVersion: string;
  /** process.resourcesPath: where a packaged app's extraResources are. */
  resourcesPath?: string;
}

/** Where `npm run dist` puts better-sqlite3 built for Electron in the package (electron-builder.yml). */
function packagedSqliteBinding(resourcesPath: string): string {
  return path.join(resourcesPath, 'native', 'better_sqlite3.node');
}

/**
 * better-sqlite3 built for this Electron, when running from source: build/electron-native.mjs (run by
 * `npm run desktop`) puts it there, so node_modules keeps the build Node needs for `npm start` and `npm test`.
 */
export function devSqliteBinding(appPath: string, electronVersion: string): string {
  return path.join(appPath, '.electron-native', electronVersion, 'better_sqlite3.node');
}

/**
 * The better-sqlite3 binary the server should load instead of node_modules' own: none when packaged
 * (electron-builder's npmRebuild built that one for Electron), the one built for Electron when from source.
 */
export function sqliteNativeBinding(runtime: DesktopRuntime, exists: (file: string) => boolean = fs.existsSync): string | undefined {
  // Packaged, the Electron build ships as an extra resource; node_modules keeps the one built for Node.
  const file = runtime.isPackaged
    ? packagedSqliteBinding(runtime.resourcesPath ?? path.dirname(runtime.appPath))
    : devSqliteBinding(runtime.appPath, runtime.electronVersion);
  if (!exists(file) && runtime.isPackaged) {
    throw new Error(`The app's database library is missing (${file}). Reinstall Bookclub.`);
  }
  if (!exists(file)) {
    throw new Error(
      `The database library has not been built for Electron ${runtime.electronVersion} (${file} is missing). ` +
        'Start the app with `npm run desktop`, which builds it.',
    );
  }
  return file;
}

/**
 * The embedded server's config. The headless server's environment variables still apply (SMTP_URL,
 * SITE_NAME, PORT as the first port to try...), except two the desktop app decides itself: the data
 * lives in the app's user-data folder, and the server listens on all interfaces, so the window can reach
 * it on localhost and members on the LAN can too.
 */
export function desktopServerConfig(options: {
  userDataDir: string;
  rendererDir: string;
  env: NodeJS.ProcessEnv;
  runtime: DesktopRuntime;
  exists?: (file: string) => boolean;
}): ServerConfig {
  // No argv: Electron's command line carries Chromium switches, not club settings.
  const settings = readSettings([], options.env, options.userDataDir);
  const binding = sqliteNativeBinding(options.runtime, options.exists);
  const dataDir = path.join(options.userDataDir, 'data');
  return {
    ...settings,
    dataDir,
    // Daily backups go into the app's own data folder unless BACKUP_DIR names another.
    backupDir: options.env.BACKUP_DIR ? settings.backupDir : defaultBackupDir(dataDir),
    host: '0.0.0.0',
    rendererDir: options.rendererDir,
    ...(binding ? { sqliteNativeBinding: binding } : {}),
  };
}
