import { useEffect, useState } from 'react';
import type { Restored } from '../../../shared/api/host';

/** What the page that loads after a restore tells the admin, once. */
export interface RestoredNotice {
  /** When the restored backup was made (null for an older database-only backup, which does not say). */
  createdAt: string | null;
  sessionsKept: boolean;
}

const KEY = 'bookclub.restoredNotice';

/** Kept in this tab for the page load that follows the restore (the app starts afresh on the restored club). */
export function keepRestoredNotice(restored: Pick<Restored, 'createdAt' | 'sessionsKept'>, storage: Pick<Storage, 'setItem'> = sessionStorage): void {
  const notice: RestoredNotice = { createdAt: restored.createdAt, sessionsKept: restored.sessionsKept };
  try {
    storage.setItem(KEY, JSON.stringify(notice));
  } catch {
    // No session storage (private mode, full): the restore simply goes unannounced.
  }
}

/** The notice a restore left in this tab, if any. */
export function readRestoredNotice(storage: Pick<Storage, 'getItem'> = sessionStorage): RestoredNotice | null {
  try {
    const kept: unknown = JSON.parse(storage.getItem(KEY) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return null;
    const { createdAt, sessionsKept } = kept as Record<string, unknown>;
    if (createdAt !== null && typeof createdAt !== 'string') return null;
    return { createdAt, sessionsKept: sessionsKept === true };
  } catch {
    return null;
  }
}

export function forgetRestoredNotice(storage: Pick<Storage, 'removeItem'> = sessionStorage): void {
  try {
    storage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

/** The notice a restore left, shown by the page that reads it and then forgotten: it shows once. */
export function useRestoredNotice(): RestoredNotice | null {
  const [notice] = useState(() => readRestoredNotice());
  useEffect(() => forgetRestoredNotice(), []);
  return notice;
}
