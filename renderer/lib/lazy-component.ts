import { lazy, type ComponentType } from 'react';

/**
 * A component whose code is loaded the first time it renders (React.lazy over a named export); the
 * nearest Suspense boundary shows its fallback meanwhile. An import that resolves to nothing was
 * cancelled because the page is reloading for stale chunks (stale-assets.ts): the fallback stays until
 * the reload. An import that fails throws to the nearest error boundary, unless `orElse` is given: a
 * part the page can do without (the toasts' frame, the footer) then shows that instead.
 */
export function lazyComponent<M, P extends object>(
  load: () => Promise<M | undefined>,
  pick: (module: M) => ComponentType<P>,
  orElse?: ComponentType<P>,
): ComponentType<P> {
  return lazy(async () => {
    let module: M | undefined;
    try {
      module = await load();
    } catch (error) {
      if (!orElse) throw error;
      console.warn('A part of the page could not be loaded', error);
      return { default: orElse };
    }
    if (module === undefined) return new Promise<never>(() => {});
    return { default: pick(module) };
  });
}
