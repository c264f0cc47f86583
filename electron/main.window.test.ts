// The desktop shell's window: where links go, and where the window opens.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FakeEvent } from './test-support/fake-electron';
import { useDesktopShell } from './test-support/desktop-shell';

const fake = await vi.hoisted(async () => (await import('./test-support/fake-electron')).createFakeElectron());
vi.mock('electron', () => fake.electron);

const { electron } = fake;
const shell = useDesktopShell(fake);

describe('links in the window', () => {
  it('to another origin are refused in the app and opened in the system browser', async () => {
    const window = await shell.launchAndStart(8081);
    const event = new FakeEvent('https://www.goodreads.com/book/show/1');

    window.webContents.emit('will-navigate', event);

    expect(event.defaultPrevented).toBe(true);
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://www.goodreads.com/book/show/1');
  });

  it('within the club navigate as usual', async () => {
    const window = await shell.launchAndStart(8081);
    const event = new FakeEvent('http://localhost:8081/polls/4');

    window.webContents.emit('will-navigate', event);

    expect(event.defaultPrevented).toBe(false);
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
  });

  it('never open a second window', async () => {
    const window = await shell.launchAndStart(8081);
    const open = window.webContents.windowOpenHandler!;

    expect(open({ url: 'https://matrix.to/#/#club:example.org' })).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://matrix.to/#/#club:example.org');
    expect(open({ url: 'http://localhost:8081/books/2' })).toEqual({ action: 'deny' });
    expect(window.loadURL).toHaveBeenLastCalledWith('http://localhost:8081/books/2');
  });
});

describe("the window's place", () => {
  const stateFile = () => path.join(shell.appData, 'Bookclub', 'window-state.json');
  const saveState = (state: unknown) => {
    fs.mkdirSync(path.dirname(stateFile()), { recursive: true });
    fs.writeFileSync(stateFile(), JSON.stringify(state));
  };

  it('comes back where it was when that is still on a screen', async () => {
    saveState({ bounds: { x: 100, y: 50, width: 1000, height: 700 }, maximized: false });

    const window = await shell.launchAndStart();

    expect(window.options).toMatchObject({ x: 100, y: 50, width: 1000, height: 700 });
  });

  it('opens at the default size, centred, when that screen is gone', async () => {
    saveState({ bounds: { x: 3000, y: 50, width: 1000, height: 700 }, maximized: false });

    const window = await shell.launchAndStart();

    expect(window.options).toMatchObject({ width: 1200, height: 850 });
    expect(window.options).not.toHaveProperty('x');
  });

  it('comes back maximized', async () => {
    saveState({ bounds: { x: 100, y: 50, width: 1000, height: 700 }, maximized: true });

    const window = await shell.launchAndStart();
    window.emit('ready-to-show');

    expect(window.maximize).toHaveBeenCalled();
    expect(window.show).toHaveBeenCalled();
  });

  it('is saved a moment after the window moves, and when it closes', async () => {
    const window = await shell.launchAndStart();
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
