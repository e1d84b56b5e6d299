import type { ShopClock } from '@shared/shop-clock';
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';

/** What the server rendered with, so the browser's first (hydrating) render prints the same. */
export interface RenderEnv {
  /** the server's clock when it rendered the page, in ms */
  now: number;
  /** the shop's IANA time zone */
  timeZone: string;
  /** the shop's clock at `now`, as the server read it */
  clock: ShopClock;
}

const RenderEnvContext = createContext<RenderEnv | null>(null);

export function RenderEnvProvider({
  env,
  children,
}: {
  env: RenderEnv | null;
  children: ReactNode;
}) {
  return <RenderEnvContext.Provider value={env}>{children}</RenderEnvContext.Provider>;
}

const noSubscription = () => () => {};

/**
 * True while rendering on the server and during the browser's hydration render; false in
 * every later render and in a page the browser rendered itself.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}

export function useRenderEnv(): RenderEnv | null {
  return useContext(RenderEnvContext);
}

/** The time to render with: the server's while hydrating, so both sides print the same. */
export function useRenderNow(): Date {
  const env = useRenderEnv();
  const hydrating = useHydrating();
  return hydrating && env ? new Date(env.now) : new Date();
}
