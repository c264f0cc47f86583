import { STORAGE_KEYS } from '../../shared/constants';

type StorageKey = keyof typeof STORAGE_KEYS;

/** Browser storage under the keys Obskurnee used, tolerant of storage being unavailable. */
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return localStorage.getItem(STORAGE_KEYS[key]);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string | null): void {
    try {
      if (value === null) localStorage.removeItem(STORAGE_KEYS[key]);
      else localStorage.setItem(STORAGE_KEYS[key], value);
    } catch {
      // private mode or storage full: the session simply won't survive a reload
    }
  },
};
