// "Start when I log in": Electron's login items on macOS and Windows; on Linux, where Electron has none,
// an XDG autostart entry (~/.config/autostart/bookclub.desktop), which GNOME, KDE, Xfce and others read.
import fs from 'node:fs';
import path from 'node:path';

export interface LoginItem {
  /** False when running from source: the login item would start a bare Electron without the app. */
  readonly available: boolean;
  isEnabled(): boolean;
  setEnabled(open: boolean): void;
}

/** The part of Electron's app this uses. */
export interface LoginItemApp {
  isPackaged: boolean;
  getPath(name: 'appData'): string;
  getLoginItemSettings(): { openAtLogin: boolean };
  setLoginItemSettings(settings: { openAtLogin: boolean }): void;
}

const AUTOSTART_FILE = 'bookclub.desktop';

/** A desktop-entry Exec argument: quoted, with the characters the spec reserves escaped. */
export function desktopExecArgument(file: string): string {
  return `"${file.replace(/[\\"`$]/g, (c) => `\\${c}`).replace(/%/g, '%%')}"`;
}

export function autostartEntry(executable: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Bookclub',
    'Comment=Opens the book club when you log in',
    `Exec=${desktopExecArgument(executable)}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

export function loginItem(options: {
  app: LoginItemApp;
  platform: NodeJS.Platform;
  /** The program to start: process.execPath, or for an AppImage the image itself ($APPIMAGE). */
  executable: string;
}): LoginItem {
  const { app, platform, executable } = options;
  const available = app.isPackaged;
  if (platform !== 'linux') {
    return {
      available,
      isEnabled: () => available && app.getLoginItemSettings().openAtLogin,
      setEnabled(open) {
        if (available) app.setLoginItemSettings({ openAtLogin: open });
      },
    };
  }
  const file = path.join(app.getPath('appData'), 'autostart', AUTOSTART_FILE);
  return {
    available,
    isEnabled: () => available && fs.existsSync(file),
    setEnabled(open) {
      if (!available) return;
      if (open) {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, autostartEntry(executable));
      } else {
        fs.rmSync(file, { force: true });
      }
    },
  };
}
