import { describe, expect, it } from 'vitest';
import { MaintenanceLock } from './maintenance-lock';

describe('one backup or restore at a time', () => {
  it('a second one while the first runs is turned away (null), and may run once the first is done', async () => {
    const lock = new MaintenanceLock();
    let finish = () => {};
    const first = lock.exclusive('backup', () => new Promise<string>((resolve) => (finish = () => resolve('made'))));
    expect(await lock.exclusive('restore', async () => 'restored')).toBeNull();
    finish();
    expect(await first).toEqual({ value: 'made' });
    expect(await lock.exclusive('restore', async () => 'restored')).toEqual({ value: 'restored' });
  });

  it('a restore that scheduled a swap holds the lock until the restored club is open, however the swap ends', async () => {
    const lock = new MaintenanceLock();
    for (const outcome of ['opened', 'lost'] as const) {
      let settle = () => {};
      const swapped = new Promise<void>((resolve, reject) => (settle = outcome === 'opened' ? resolve : () => reject(new Error('lost'))));
      swapped.catch(() => {});
      expect(await lock.exclusive('restore', async () => lock.holdUntil(swapped))).toEqual({ value: undefined });
      expect(await lock.exclusive('backup', async () => 'made')).toBeNull();
      settle();
      await swapped.catch(() => {});
      await new Promise((resolve) => setImmediate(resolve));
      expect(await lock.exclusive('backup', async () => 'made')).toEqual({ value: 'made' });
    }
  });

  it('a failed backup frees the lock', async () => {
    const lock = new MaintenanceLock();
    await expect(lock.exclusive('backup', () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    expect(await lock.exclusive('backup', async () => 'made')).toEqual({ value: 'made' });
  });
});
