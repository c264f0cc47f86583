import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepWindowState, parseWindowState, readWindowState, restoreBounds, writeWindowState, type Rect, type WindowState } from './window-state';

const defaults = { width: 1200, height: 850 };
const laptop = { workArea: { x: 0, y: 0, width: 1920, height: 1050 } };
// A second screen to the right of the laptop's.
const monitor = { workArea: { x: 1920, y: 0, width: 2560, height: 1400 } };

const saved = (bounds: Rect, maximized = false): WindowState => ({ bounds, maximized });

describe('restoreBounds', () => {
  it('keeps a place that is still on a screen', () => {
    expect(restoreBounds(saved({ x: 100, y: 80, width: 1000, height: 700 }), [laptop], defaults)).toEqual({
      x: 100,
      y: 80,
      width: 1000,
      height: 700,
      maximized: false,
    });
  });

  it('keeps a place on the second screen while it is connected', () => {
    const onMonitor = saved({ x: 2200, y: 100, width: 1400, height: 900 });
    expect(restoreBounds(onMonitor, [laptop, monitor], defaults)).toMatchObject({ x: 2200, y: 100 });
  });

  it('falls back to the defaults, centred, when that screen is gone', () => {
    const onMonitor = saved({ x: 2200, y: 100, width: 1400, height: 900 });
    expect(restoreBounds(onMonitor, [laptop], defaults)).toEqual({ width: 1200, height: 850, maximized: false });
  });

  it('falls back when the title bar is out of reach, above the screen', () => {
    expect(restoreBounds(saved({ x: 100, y: -500, width: 1000, height: 700 }), [laptop], defaults)).toEqual({
      ...defaults,
      maximized: false,
    });
  });

  it('makes a window from a bigger screen fit the one it is on', () => {
    expect(restoreBounds(saved({ x: 1500, y: 50, width: 2400, height: 1300 }), [laptop], defaults)).toEqual({
      x: 0,
      y: 0,
      width: 1920,
      height: 1050,
      maximized: false,
    });
  });

  it('restores maximized, on screen or not', () => {
    expect(restoreBounds(saved({ x: 100, y: 80, width: 1000, height: 700 }, true), [laptop], defaults).maximized).toBe(true);
    expect(restoreBounds(saved({ x: 5000, y: 80, width: 1000, height: 700 }, true), [laptop], defaults)).toEqual({
      ...defaults,
      maximized: true,
    });
  });

  it('uses the defaults the first time', () => {
    expect(restoreBounds(null, [laptop], defaults)).toEqual({ ...defaults, maximized: false });
  });
});

describe('the window-state file', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bookclub-window-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads back what was written', () => {
    const file = path.join(dir, 'window-state.json');
    const state = saved({ x: 10, y: 20, width: 800, height: 600 }, true);

    writeWindowState(file, state);

    expect(readWindowState(file)).toEqual(state);
    expect(fs.readdirSync(dir)).toEqual(['window-state.json']);
  });

  it('is ignored when missing or not what we wrote', () => {
    const file = path.join(dir, 'window-state.json');
    expect(readWindowState(file)).toBeNull();
    fs.writeFileSync(file, '{"bounds": {"x": 1');
    expect(readWindowState(file)).toBeNull();
    expect(parseWindowState({ bounds: { x: 0, y: 0, width: -5, height: 600 }, maximized: false })).toBeNull();
    expect(parseWindowState({ bounds: { x: 0, y: 0, width: 800, height: 600 } })).toBeNull();
  });
});

class FakeWindow extends EventEmitter {
  bounds: Rect = { x: 0, y: 0, width: 1200, height: 850 };
  maximized = false;
  getNormalBounds = () => ({ ...this.bounds });
  isMaximized = () => this.maximized;
}

/** A window whose state is kept, saved through `save` half a second after it last changed. */
function keptWindow() {
  const window = new FakeWindow();
  const save = vi.fn();
  keepWindowState(window, save, { delayMs: 500 });
  return { window, save };
}

describe('keepWindowState', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once the window has stopped moving, not at every step of a drag', () => {
    const { window, save } = keptWindow();

    for (let x = 0; x < 10; x++) {
      window.bounds = { ...window.bounds, x: x * 10 };
      window.emit('move');
      vi.advanceTimersByTime(100);
    }
    expect(save).not.toHaveBeenCalled();

    vi.advanceTimersByTime(400);
    expect(save).toHaveBeenCalledExactlyOnceWith({ bounds: { x: 90, y: 0, width: 1200, height: 850 }, maximized: false });
  });

  it('saves resizing and maximizing too', () => {
    const { window, save } = keptWindow();

    window.bounds = { ...window.bounds, width: 900 };
    window.emit('resize');
    window.maximized = true;
    window.emit('maximize');
    vi.advanceTimersByTime(500);

    expect(save).toHaveBeenCalledExactlyOnceWith({ bounds: { x: 0, y: 0, width: 900, height: 850 }, maximized: true });
  });

  it('saves at once when the window closes, and not again after', () => {
    const { window, save } = keptWindow();

    window.emit('resize');
    window.emit('close');
    expect(save).toHaveBeenCalledOnce();

    vi.advanceTimersByTime(1_000);
    expect(save).toHaveBeenCalledOnce();
  });

  it('a save that fails is logged, not thrown at the window', () => {
    const window = new FakeWindow();
    const log = { warn: vi.fn() };
    keepWindowState(
      window,
      () => {
        throw new Error('EROFS');
      },
      { log },
    );

    expect(() => window.emit('close')).not.toThrow();
    expect(log.warn).toHaveBeenCalled();
  });
});
