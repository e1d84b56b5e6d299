import type { ShopClock, ZoneOffsetSpan } from '@shared/shop-clock';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
} from 'react';

/** What the server rendered with, so the browser's first (hydrating) render prints the same. */
export interface RenderEnv {
  /** the server's clock when it rendered the page, in ms */
  now: number;
  /** the shop's IANA time zone */
  timeZone: string;
  /** the shop's clock at `now`, as the server read it */
  clock: ShopClock;
  /** the zone's UTC offset around `now`, and how long it holds */
  offset: ZoneOffsetSpan;
}

interface RenderPhase {
  env: RenderEnv | null;
  /** true on the server and until the browser's hydration has committed */
  hydrating: boolean;
}

const RenderPhaseContext = createContext<RenderPhase>({ env: null, hydrating: false });

/** `env` is given where a page is rendered from the server's data: on the server and when hydrating. */
export function RenderEnvProvider({
  env,
  children,
}: {
  env: RenderEnv | null;
  children: ReactNode;
}) {
  const [phase] = useState<RenderPhase>(() => ({ env, hydrating: env !== null }));
  // Layout effects run once the whole hydrated tree has committed (never on the server).
  // The phase is read, not subscribed to: ending it re-renders nothing (decision 010).
  useLayoutEffect(() => {
    phase.hydrating = false;
  }, [phase]);
  return <RenderPhaseContext.Provider value={phase}>{children}</RenderPhaseContext.Provider>;
}

/**
 * True while rendering on the server and during the browser's hydration render; false in
 * every later render and in a page the browser rendered itself. Nothing re-renders when
 * hydration ends: use it for first values (`useState`, `useDeferredValue`'s initial value),
 * or `useShownAfterHydration` for what must change then.
 */
export function useHydrating(): boolean {
  return useContext(RenderPhaseContext).hydrating;
}

/**
 * False on the server and in the hydration render, true from the commit after it: for what
 * only the browser can draw. Re-renders just the component that calls it.
 */
export function useShownAfterHydration(): boolean {
  const [shown, setShown] = useState(!useHydrating());
  useEffect(() => setShown(true), []);
  return shown;
}

export function useRenderEnv(): RenderEnv | null {
  return useContext(RenderPhaseContext).env;
}

/** The time to render with: the server's while hydrating, so both sides print the same. */
export function useRenderNow(): Date {
  const env = useRenderEnv();
  const hydrating = useHydrating();
  return hydrating && env ? new Date(env.now) : new Date();
}
