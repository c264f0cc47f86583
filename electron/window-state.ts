// Where the window was: saved to userData/window-state.json as it moves, restored at the next start
// if it would still be on a screen.
import fs from 'node:fs';
import path from 'node:path';

export const WINDOW_STATE_FILE = 'window-state.json';
const SAVE_DELAY_MS = 500;
/** How much of the window's top edge (its title bar) must be on a screen for the place to be kept. */
const TITLE_BAR_HEIGHT = 30;
const MIN_VISIBLE_WIDTH = 100;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** The window's size and place when neither maximized nor minimized. */
  bounds: Rect;
  maximized: boolean;
}

/** The part of Electron's Display this uses: the screen less its task bars and docks. */
export interface DisplayLike {
  workArea: Rect;
}

/** BrowserWindow options: without x and y, Electron centres the window. */
export interface WindowPlacement {
  width: number;
  height: number;
  x?: number;
  y?: number;
  maximized: boolean;
}

function isRect(value: unknown): value is Rect {
  if (typeof value !== 'object' || value === null) return false;
  const { x, y, width, height } = value as Record<string, unknown>;
  return [x, y, width, height].every((n) => typeof n === 'number' && Number.isInteger(n)) && (width as number) > 0 && (height as number) > 0;
}

/** A saved state, or null for anything else (a file from another version, a hand edit gone wrong). */
export function parseWindowState(value: unknown): WindowState | null {
  if (typeof value !== 'object' || value === null) return null;
  const { bounds, maximized } = value as Record<string, unknown>;
  if (!isRect(bounds) || typeof maximized !== 'boolean') return null;
  const { x, y, width, height } = bounds;
  return { bounds: { x, y, width, height }, maximized };
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/** Whether enough of the title bar is on this display to grab the window by. */
function titleBarOn(bounds: Rect, display: DisplayLike): boolean {
  const titleBar = { ...bounds, height: Math.min(bounds.height, TITLE_BAR_HEIGHT) };
  const shared = overlap(titleBar, display.workArea);
  return shared.width >= Math.min(MIN_VISIBLE_WIDTH, bounds.width) && shared.height >= titleBar.height;
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}

/**
 * Where to open the window: where it was, if its title bar is still on a connected display (a screen
 * unplugged since would leave it out of reach), made to fit that display; else the defaults, centred.
 * Maximized comes back either way.
 */
export function restoreBounds(saved: WindowState | null, displays: readonly DisplayLike[], defaults: { width: number; height: number }): WindowPlacement {
  const maximized = saved?.maximized ?? false;
  const bounds = saved?.bounds;
  const display = bounds && displays.find((candidate) => titleBarOn(bounds, candidate));
  if (!bounds || !display) return { ...defaults, maximized };
  const area = display.workArea;
  const width = Math.min(bounds.width, area.width);
  const height = Math.min(bounds.height, area.height);
  return {
    width,
    height,
    x: clamp(bounds.x, area.x, area.x + area.width - width),
    y: clamp(bounds.y, area.y, area.y + area.height - height),
    maximized,
  };
}

export function readWindowState(file: string): WindowState | null {
  try {
    return parseWindowState(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

/** Written beside and renamed, so a crash mid-write never leaves a file that fails to parse. */
export function writeWindowState(file: string, state: WindowState): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, JSON.stringify(state, null, 2) + '\n');
  fs.renameSync(partial, file);
}

/** The part of BrowserWindow this watches. */
export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown;
  getNormalBounds(): Rect;
  isMaximized(): boolean;
}

/**
 * Saves the window's state a moment after it stops moving or resizing (both fire many times a second
 * while dragged), and at once when it closes.
 */
export function keepWindowState(
  window: TrackedWindow,
  save: (state: WindowState) => void,
  { delayMs = SAVE_DELAY_MS, log = console }: { delayMs?: number; log?: Pick<Console, 'warn'> } = {},
): void {
  let timer: ReturnType<typeof setTimeout> | null = null;

  function saveNow() {
    if (timer) clearTimeout(timer);
    timer = null;
    try {
      save({ bounds: window.getNormalBounds(), maximized: window.isMaximized() });
    } catch (error) {
      // Losing the window's place is no reason to disturb the host.
      log.warn('Could not save the window position:', error);
    }
  }

  function saveSoon() {
    if (timer) clearTimeout(timer);
    timer = setTimeout(saveNow, delayMs);
  }

  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) window.on(event, saveSoon);
  window.on('close', saveNow);
}
