import { describe, expect, it, vi } from 'vitest';
import { focusWindow, quitGuard } from './lifecycle';

function fakeWindow(minimized: boolean) {
  return { isMinimized: () => minimized, restore: vi.fn(), show: vi.fn(), focus: vi.fn() };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('focusWindow', () => {
  it('restores a minimized window and brings it to the front', () => {
    const window = fakeWindow(true);
    focusWindow(window);
    expect(window.restore).toHaveBeenCalled();
    expect(window.show).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
  });

  it('leaves a visible window as it is, only focused', () => {
    const window = fakeWindow(false);
    focusWindow(window);
    expect(window.restore).not.toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
  });
});

describe('quitGuard', () => {
  it('holds the quit until the server has stopped, then quits', async () => {
    const stopped = deferred();
    const stopServer = vi.fn(() => stopped.promise);
    const quit = vi.fn();
    const guard = quitGuard(stopServer, quit);
    const event = { preventDefault: vi.fn() };

    guard(event);
    await flush();

    expect(event.preventDefault).toHaveBeenCalled();
    expect(stopServer).toHaveBeenCalledOnce();
    expect(quit).not.toHaveBeenCalled();

    stopped.resolve();
    await flush();
    expect(quit).toHaveBeenCalledOnce();
  });

  it('holds further quits while stopping, and lets the last one through', async () => {
    const stopped = deferred();
    const stopServer = vi.fn(() => stopped.promise);
    const guard = quitGuard(stopServer, vi.fn());

    const again = { preventDefault: vi.fn() };
    guard({ preventDefault: vi.fn() });
    guard(again);
    expect(again.preventDefault).toHaveBeenCalled();
    expect(stopServer).toHaveBeenCalledOnce();

    stopped.resolve();
    await flush();
    const final = { preventDefault: vi.fn() };
    guard(final);
    expect(final.preventDefault).not.toHaveBeenCalled();
  });

  it('quits even when stopping the server failed', async () => {
    const quit = vi.fn();
    const log = { error: vi.fn() };
    quitGuard(() => Promise.reject(new Error('gone')), quit, log)({ preventDefault: vi.fn() });
    await flush();
    expect(quit).toHaveBeenCalledOnce();
    expect(log.error).toHaveBeenCalled();
  });
});
