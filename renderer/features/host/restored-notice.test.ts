import { describe, expect, it } from 'vitest';
import { forgetRestoredNotice, keepRestoredNotice, readRestoredNotice } from './restored-notice';

function tabStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the notice a restore leaves for the next page load', () => {
  it('says which backup the club came from and whether members stay signed in, until it is forgotten', () => {
    const storage = tabStorage();
    keepRestoredNotice({ createdAt: '2026-03-01T08:00:00.000Z', sessionsKept: false }, storage);
    expect(readRestoredNotice(storage)).toEqual({ createdAt: '2026-03-01T08:00:00.000Z', sessionsKept: false });
    forgetRestoredNotice(storage);
    expect(readRestoredNotice(storage)).toBeNull();
  });

  it('needs no date for an older database-only backup', () => {
    const storage = tabStorage();
    keepRestoredNotice({ createdAt: null, sessionsKept: true }, storage);
    expect(readRestoredNotice(storage)).toEqual({ createdAt: null, sessionsKept: true });
  });

  it('is nothing when none was left, or what was left is not one', () => {
    const storage = tabStorage();
    expect(readRestoredNotice(storage)).toBeNull();
    storage.items.set('bookclub.restoredNotice', '{not json');
    expect(readRestoredNotice(storage)).toBeNull();
    storage.items.set('bookclub.restoredNotice', JSON.stringify({ createdAt: 42 }));
    expect(readRestoredNotice(storage)).toBeNull();
  });

  it('does no harm where the browser keeps nothing', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => keepRestoredNotice({ createdAt: null, sessionsKept: true }, broken)).not.toThrow();
    expect(readRestoredNotice(broken)).toBeNull();
    expect(() => forgetRestoredNotice(broken)).not.toThrow();
  });
});
