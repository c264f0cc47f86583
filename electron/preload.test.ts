import { beforeEach, describe, expect, it, vi } from 'vitest';

const exposeInMainWorld = vi.hoisted(() => vi.fn());
vi.mock('electron', () => ({ contextBridge: { exposeInMainWorld } }));

beforeEach(() => {
  exposeInMainWorld.mockClear();
  vi.resetModules();
});

describe('the preload', () => {
  it('tells the page it runs in the desktop app, and gives it nothing else', async () => {
    await import('./preload');

    expect(exposeInMainWorld).toHaveBeenCalledOnce();
    const [name, api] = exposeInMainWorld.mock.calls[0]!;
    expect(name).toBe('bookclubDesktop');
    expect(api).toEqual({ isDesktop: true });
    expect(Object.isFrozen(api)).toBe(true);
  });
});
