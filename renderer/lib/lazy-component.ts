import { lazy, type ComponentType } from 'react';

/** A component loaded on demand, whose code can also be fetched ahead (`preload`). */
export type LazyComponent<P extends object> = ComponentType<P> & { preload(): void };

/**
 * A component whose code is loaded the first time it renders (React.lazy over a named export), or
 * earlier with `preload()`; the nearest Suspense boundary shows its fallback while it loads. Once loaded
 * it renders at once, without a pass through the fallback. An import that resolves to nothing was
 * cancelled because the page is reloading for stale chunks (stale-assets.ts): the fallback stays until
 * the reload. An import that fails throws to the nearest error boundary, unless `orElse` is given: a
 * part the page can do without (the toasts' frame, the footer) then shows that instead.
 */
export function lazyComponent<M, P extends object>(
  load: () => Promise<M | undefined>,
  pick: (module: M) => ComponentType<P>,
  orElse?: ComponentType<P>,
): LazyComponent<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;

  async function fetchComponent(): Promise<{ default: ComponentType<P> }> {
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
  }

  function start(): Promise<{ default: ComponentType<P> }> {
    loading ??= fetchComponent().then((component) => (loaded = component));
    return loading;
  }

  // React.lazy takes a component already loaded without suspending when handed a thenable that settles
  // synchronously; a promise always settles a tick later, which would flash the fallback.
  const Component = lazy(() =>
    loaded ? ({ then: (resolve: (value: typeof loaded) => void) => resolve(loaded) } as unknown as Promise<typeof loaded>) : start(),
  );
  return Object.assign(Component, {
    preload() {
      start().catch(() => {
        // Rendering it again reports the failure where it shows.
        loading = undefined;
      });
    },
  });
}
