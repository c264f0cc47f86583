// The app menu, as a plain template built from the app's state: Menu.buildFromTemplate turns it into
// Electron's menu (main.ts), tests read it as data.
import type { MenuItemConstructorOptions } from 'electron';
import { otherComputersAddresses } from '../shared/member-addresses';
import { pages } from '../shared/pages';

export interface HostMenuState {
  /** The server's addresses, as it reported them when it started. */
  urls: readonly string[];
  /** What another computer must enter to set the club up, while it has no admin yet; null: none needed. */
  setupCode: string | null;
  dataDir: string;
  openAtLogin: boolean;
  /** Whether "Start when I log in" can work (the installed app). */
  canOpenAtLogin: boolean;
  isPackaged: boolean;
  platform: NodeJS.Platform;
}

export interface HostMenuActions {
  /** Shows the host page (/admin/host) in the window: addresses with QR codes, the club's state, backups. */
  openHostPage(): void;
  copyAddress(url: string): void;
  copySetupCode(code: string): void;
  openDataFolder(dataDir: string): void;
  backUp(): void;
  restore(): void;
  setOpenAtLogin(open: boolean): void;
}

/** The host page in the window (the club at localhost on its port). */
export function hostPageUrl(port: number): string {
  return `http://localhost:${port}${pages.host()}`;
}

/**
 * Where the window opens: the host page while the club has no admin yet (its first start: the addresses
 * to share, the setup code, "Set up the club"), else the club's home.
 */
export function firstPageUrl(port: number, setupCode: string | null): string {
  return setupCode ? hostPageUrl(port) : `http://localhost:${port}${pages.home()}`;
}

/** The addresses other computers can use: localhost only reaches this one. */
export const memberAddresses = otherComputersAddresses;

function addressesMenu(urls: readonly string[], actions: HostMenuActions): MenuItemConstructorOptions {
  const addresses = memberAddresses(urls);
  return {
    label: 'Addresses members can open',
    submenu:
      addresses.length === 0
        ? [{ label: 'None: this computer is not on a network', enabled: false }]
        : [
            { label: 'Click one to copy it', enabled: false },
            { type: 'separator' },
            ...addresses.map((url): MenuItemConstructorOptions => ({ label: url, click: () => actions.copyAddress(url) })),
          ],
  };
}

/** Why the setup code is there; shown beside it where the platform can, and when it is copied. */
export const SETUP_CODE_EXPLANATION = 'Needed only to set the club up from another computer, until its first admin exists.';

function setupCodeItems(setupCode: string | null, actions: HostMenuActions): MenuItemConstructorOptions[] {
  if (!setupCode) return [];
  return [
    {
      label: `Setup code for another computer: ${setupCode}`,
      sublabel: SETUP_CODE_EXPLANATION,
      toolTip: SETUP_CODE_EXPLANATION,
      click: () => actions.copySetupCode(setupCode),
    },
  ];
}

export function hostMenuTemplate(state: HostMenuState, actions: HostMenuActions): MenuItemConstructorOptions[] {
  const isMac = state.platform === 'darwin';
  const separator: MenuItemConstructorOptions = { type: 'separator' };

  const club: MenuItemConstructorOptions = {
    label: 'Club',
    submenu: [
      { label: 'Host page', accelerator: 'CmdOrCtrl+Shift+H', click: () => actions.openHostPage() },
      addressesMenu(state.urls, actions),
      ...setupCodeItems(state.setupCode, actions),
      { label: 'Open data folder', toolTip: state.dataDir, click: () => actions.openDataFolder(state.dataDir) },
      separator,
      { label: 'Back up the club…', click: () => actions.backUp() },
      { label: 'Restore from a backup…', click: () => actions.restore() },
      separator,
      {
        label: state.canOpenAtLogin ? 'Start when I log in' : 'Start when I log in (installed app only)',
        type: 'checkbox',
        checked: state.openAtLogin,
        enabled: state.canOpenAtLogin,
        click: () => actions.setOpenAtLogin(!state.openAtLogin),
      },
      // On macOS, Quit is in the app menu.
      ...(isMac ? [] : [separator, { role: 'quit' } as const]),
    ],
  };

  // Without an Edit menu, macOS gives text fields no copy, paste or undo shortcuts.
  const edit: MenuItemConstructorOptions = {
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(isMac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      separator,
      { role: 'selectAll' },
    ],
  };

  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { role: 'reload' },
      { role: 'forceReload' },
      // The developer tools can run anything against the club as the signed-in member; not in the installed app.
      ...(state.isPackaged ? [] : [{ role: 'toggleDevTools' } as const]),
      separator,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };

  const window: MenuItemConstructorOptions = {
    label: 'Window',
    submenu: isMac ? [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }] : [{ role: 'minimize' }, { role: 'close' }],
  };

  return [...(isMac ? [{ role: 'appMenu' } as const] : []), club, edit, view, window];
}
