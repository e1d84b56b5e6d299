import { type ComponentType, type ReactNode, useEffect, useState } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

export interface LazyComponent<P> {
  (props: P): ReactNode;
  /** starts the download early (on hover or focus); resolves once the component can render */
  preload(): Promise<void>;
}

/**
 * A code-split component rendered through plain state instead of `React.lazy` + `Suspense`.
 *
 * Why: when a `lazy()` module arrives, React re-renders its Suspense boundary on a retry lane,
 * and retry lanes never expire. While default-priority renders keep coming (live stock updates
 * on a busy shop, a slow phone still drawing the catalog) the boundary can stay on its fallback
 * indefinitely: the Product Menu, the login dialog and back-office pages were seen stuck on
 * their spinners. A state update made when the module's promise settles is ordinary
 * default-priority work, so the component always appears.
 */
export function lazyComponent<P extends object>(
  load: Loader<P>,
  fallback: ReactNode = null,
): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const ensure = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module.default;
      },
      (error: unknown) => {
        pending = null; // a later mount may try again (e.g. after a network blip)
        throw error;
      },
    );
    return pending;
  };

  function OnDemand(props: P): ReactNode {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [failure, setFailure] = useState<unknown>(null);
    useEffect(() => {
      if (Component) return;
      let live = true;
      ensure().then(
        (component) => live && setComponent(() => component),
        (error: unknown) => live && setFailure(() => error),
      );
      return () => {
        live = false;
      };
    }, [Component]);
    // surfaced during render, so the nearest error boundary handles a chunk that failed to load
    if (failure) throw failure;
    return Component ? <Component {...props} /> : fallback;
  }
  OnDemand.preload = () => ensure().then(() => undefined);
  return OnDemand;
}
