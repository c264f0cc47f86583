import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { firstPageUrl, hostMenuTemplate, hostPageUrl, memberAddresses, type HostMenuState } from './host-menu';

const state: HostMenuState = {
  urls: ['http://localhost:8080', 'http://192.168.1.5:8080', 'http://10.0.0.7:8080'],
  setupCode: null,
  dataDir: '/home/reader/.config/Bookclub/data',
  openAtLogin: false,
  canOpenAtLogin: true,
  isPackaged: true,
  platform: 'linux',
};

function actions() {
  return {
    openHostPage: vi.fn(),
    copyAddress: vi.fn(),
    copySetupCode: vi.fn(),
    openDataFolder: vi.fn(),
    backUp: vi.fn(),
    restore: vi.fn(),
    setOpenAtLogin: vi.fn(),
  };
}

function submenu(item: MenuItemConstructorOptions | undefined): MenuItemConstructorOptions[] {
  if (!item || !Array.isArray(item.submenu)) throw new Error(`${item?.label ?? 'item'} has no submenu`);
  return item.submenu;
}

function find(items: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions {
  const item = items.find((candidate) => candidate.label === label);
  if (!item) throw new Error(`no "${label}" in ${items.map((candidate) => candidate.label ?? candidate.role).join(', ')}`);
  return item;
}

function click(item: MenuItemConstructorOptions) {
  (item.click as () => void)();
}

const club = (template: MenuItemConstructorOptions[]) => submenu(find(template, 'Club'));
const roles = (items: MenuItemConstructorOptions[]) => items.map((item) => item.role).filter(Boolean);

describe('the Club menu', () => {
  it('opens with the host page, which a click shows in the window', () => {
    const menuActions = actions();
    const items = club(hostMenuTemplate(state, menuActions));
    expect(items[0]).toMatchObject({ label: 'Host page', accelerator: 'CmdOrCtrl+Shift+H' });
    click(items[0]!);
    expect(menuActions.openHostPage).toHaveBeenCalledOnce();
  });

  it('lists every address members can open, and a click copies it', () => {
    const menuActions = actions();
    const addresses = submenu(find(club(hostMenuTemplate(state, menuActions)), 'Addresses members can open'));
    const clickable = addresses.filter((item) => item.click);

    expect(clickable.map((item) => item.label)).toEqual(['http://192.168.1.5:8080', 'http://10.0.0.7:8080']);
    click(clickable[1]!);
    expect(menuActions.copyAddress).toHaveBeenCalledWith('http://10.0.0.7:8080');
  });

  it('says so when this computer has no address on a network', () => {
    const addresses = submenu(find(club(hostMenuTemplate({ ...state, urls: ['http://localhost:8080'] }, actions())), 'Addresses members can open'));

    expect(addresses).toEqual([{ label: 'None: this computer is not on a network', enabled: false }]);
  });

  it('shows the setup code while the club has no admin, says what it is for, and a click copies it', () => {
    const menuActions = actions();
    const item = find(club(hostMenuTemplate({ ...state, setupCode: 'ABCD-EFGH' }, menuActions)), 'Setup code for another computer: ABCD-EFGH');

    expect(item).toMatchObject({
      sublabel: 'Needed only to set the club up from another computer, until its first admin exists.',
      toolTip: 'Needed only to set the club up from another computer, until its first admin exists.',
    });
    click(item);
    expect(menuActions.copySetupCode).toHaveBeenCalledWith('ABCD-EFGH');
  });

  it('shows no setup code once none is needed', () => {
    const labels = club(hostMenuTemplate(state, actions())).map((item) => item.label);

    expect(labels.filter((label) => label?.startsWith('Setup code'))).toEqual([]);
  });

  it('opens the data folder, backs up and restores', () => {
    const menuActions = actions();
    const items = club(hostMenuTemplate(state, menuActions));

    click(find(items, 'Open data folder'));
    click(find(items, 'Back up the club…'));
    click(find(items, 'Restore from a backup…'));

    expect(menuActions.openDataFolder).toHaveBeenCalledWith('/home/reader/.config/Bookclub/data');
    expect(menuActions.backUp).toHaveBeenCalledOnce();
    expect(menuActions.restore).toHaveBeenCalledOnce();
  });

  it('"Start when I log in" shows the setting and a click turns it the other way', () => {
    const menuActions = actions();
    const off = find(club(hostMenuTemplate(state, menuActions)), 'Start when I log in');
    const on = find(club(hostMenuTemplate({ ...state, openAtLogin: true }, menuActions)), 'Start when I log in');

    expect(off).toMatchObject({ type: 'checkbox', checked: false, enabled: true });
    click(off);
    click(on);
    expect(menuActions.setOpenAtLogin.mock.calls).toEqual([[true], [false]]);
  });

  it('"Start when I log in" is for the installed app only', () => {
    const item = find(club(hostMenuTemplate({ ...state, canOpenAtLogin: false }, actions())), 'Start when I log in (installed app only)');
    expect(item.enabled).toBe(false);
  });

  it('ends with Quit outside macOS, where Quit is in the app menu', () => {
    expect(club(hostMenuTemplate(state, actions())).at(-1)).toEqual({ role: 'quit' });
    const mac = hostMenuTemplate({ ...state, platform: 'darwin' }, actions());
    expect(mac[0]).toEqual({ role: 'appMenu' });
    expect(roles(club(mac))).not.toContain('quit');
  });
});

describe('the standard menus', () => {
  it('Edit gives text fields copy, paste and undo (macOS has none without it)', () => {
    const edit = submenu(find(hostMenuTemplate({ ...state, platform: 'darwin' }, actions()), 'Edit'));
    expect(roles(edit)).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'pasteAndMatchStyle', 'delete', 'selectAll']);
  });

  it('View reloads and zooms; the developer tools only when run from source', () => {
    const installed = roles(submenu(find(hostMenuTemplate(state, actions()), 'View')));
    const fromSource = roles(submenu(find(hostMenuTemplate({ ...state, isPackaged: false }, actions()), 'View')));

    expect(installed).toEqual(['reload', 'forceReload', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
    expect(fromSource).toContain('toggleDevTools');
  });

  it('Window minimizes', () => {
    expect(roles(submenu(find(hostMenuTemplate(state, actions()), 'Window')))).toEqual(['minimize', 'close']);
  });
});

describe('memberAddresses', () => {
  it('leaves out the addresses that only reach this computer', () => {
    expect(memberAddresses(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://192.168.1.5:8080'])).toEqual(['http://192.168.1.5:8080']);
  });
});

describe('where the window opens', () => {
  it('on the host page while the club has no admin (its first start), else on the club', () => {
    expect(firstPageUrl(8080, 'K7QF-M2XA')).toBe('http://localhost:8080/admin/host');
    expect(firstPageUrl(8081, null)).toBe('http://localhost:8081/');
    expect(hostPageUrl(8082)).toBe('http://localhost:8082/admin/host');
  });
});
