/**
 * After an upgrade, a page opened before it still asks for the old hashed chunks, which the server no
 * longer has. The cure is a reload (a fresh index.html names the new chunks), but only once: if the chunk
 * still fails right after a reload, the server is broken rather than upgraded, and the error is shown.
 */
const RELOADED_AT = 'bookclub.reloadedForStaleAssets';
/** A failure this soon after the last such reload is not another upgrade. */
export const RELOAD_GUARD_MS = 60_000;

export interface ReloadOptions {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: number;
  reload(): void;
}

/** Reloads the page unless it was reloaded for this within the guard time; true when it reloads. */
export function reloadOnceForStaleAssets(options: ReloadOptions): boolean {
  const { storage, now, reload } = options;
  try {
    const last = Number(storage.getItem(RELOADED_AT));
    if (Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
    storage.setItem(RELOADED_AT, String(now));
  } catch {
    // Without session storage there is no guard against a loop: show the error instead.
    return false;
  }
  reload();
  return true;
}

/**
 * Vite announces a chunk (or its CSS) that failed to load as `vite:preloadError` on window. Cancelling
 * the event while the page reloads keeps the error from being thrown into the page meanwhile; the import
 * then resolves to undefined, which lazyComponent (lazy-component.ts) waits out.
 */
export function reloadOnStaleAssets(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    const reloading = reloadOnceForStaleAssets({
      storage: target.sessionStorage,
      now: Date.now(),
      reload: () => target.location.reload(),
    });
    if (reloading) event.preventDefault();
  });
}
