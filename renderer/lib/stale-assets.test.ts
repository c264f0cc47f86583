import { describe, expect, it } from 'vitest';
import { RELOAD_GUARD_MS, reloadOnceForStaleAssets } from './stale-assets';

/** Session storage as a page has it, and the reloads asked for. */
function page() {
  const stored = new Map<string, string>();
  const reloads: number[] = [];
  const storage = { getItem: (key: string) => stored.get(key) ?? null, setItem: (key: string, value: string) => void stored.set(key, value) };
  return { storage, reloads, at: (now: number) => ({ storage, now, reload: () => reloads.push(now) }) };
}

describe('a chunk that fails to load after an upgrade', () => {
  it('reloads the page the first time', () => {
    const tab = page();
    expect(reloadOnceForStaleAssets(tab.at(1_000_000))).toBe(true);
    expect(tab.reloads).toEqual([1_000_000]);
  });

  it('does not reload again while the last such reload is recent: the error shows instead', () => {
    const tab = page();
    reloadOnceForStaleAssets(tab.at(1_000_000));
    expect(reloadOnceForStaleAssets(tab.at(1_000_000 + RELOAD_GUARD_MS - 1))).toBe(false);
    expect(tab.reloads).toEqual([1_000_000]);
  });

  it('reloads again for a later upgrade', () => {
    const tab = page();
    reloadOnceForStaleAssets(tab.at(1_000_000));
    expect(reloadOnceForStaleAssets(tab.at(1_000_000 + RELOAD_GUARD_MS))).toBe(true);
    expect(tab.reloads).toHaveLength(2);
  });

  it('does not reload without session storage, which could not stop a loop', () => {
    const reloads: number[] = [];
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('storage disabled');
      },
    };
    expect(reloadOnceForStaleAssets({ storage, now: 5, reload: () => reloads.push(5) })).toBe(false);
    expect(reloads).toEqual([]);
  });
});
