import { rememberShopClock, rememberZoneOffset } from '@shared/shop-clock';
import { type DehydratedState, hydrate } from '@tanstack/react-query';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { categoriesQueryOptions } from './api/get-categories';
import type { DealerSettings } from './api/get-dealer-settings';
import { newestProductsQueryOptions } from './api/get-newest-products';
import { productsQueryOptions } from './api/get-products';
import { promotionsQueryOptions } from './api/get-promotions';
import { Root } from './app/root';
import { ProductRoute } from './app/router';
import { loadPriceDisplay } from './features/compliance/components/tax-inclusive-prices';
import { restoreTheme } from './features/theme/theme-store';
import { startHistoryTracking } from './lib/history-entries';
import { syncPreferenceCookies } from './lib/preference-cookies';
import { queryClient } from './lib/query-client';
import type { RenderEnv } from './lib/render-env';

// The CSP forbids inline scripts, so the saved theme is applied here, before the first render.
restoreTheme(syncPreferenceCookies().theme);
startHistoryTracking();

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

function readDataBlock<T>(id: string): T | null {
  const text = document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : null;
}

/** Loads what the server-rendered page was drawn with, so hydration draws the same. */
async function preloadRendered(state: DehydratedState): Promise<void> {
  const settings = state.queries.find((query) => query.queryKey[0] === 'dealer-settings')?.state
    .data as DealerSettings | undefined;
  await Promise.all([
    window.location.pathname.startsWith('/product/') ? ProductRoute.preload() : null,
    settings?.pricesIncludeTaxes ? loadPriceDisplay() : null,
  ]);
}

/**
 * The server keeps a rendered page only while the storefront's data is unchanged (its render
 * key follows every storefront event), so what a page was drawn with is current when it arrives,
 * however long ago it was drawn and whatever this phone's clock says. Dated now, it is not read
 * again as the page hydrates; the socket keeps it current from here.
 */
function datedOnArrival(state: DehydratedState): DehydratedState {
  const arrived = Date.now();
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: { ...query.state, dataUpdatedAt: arrived },
    })),
  };
}

async function hydrateRendered(container: HTMLElement, state: DehydratedState, env: RenderEnv) {
  hydrate(queryClient, datedOnArrival(state));
  await preloadRendered(state);
  rememberShopClock(new Date(env.now), env.timeZone, env.clock);
  rememberZoneOffset(env.timeZone, env.offset);
  // In a transition React hydrates in slices and lets the browser run between them; taps
  // are held until the commit (`data-hydrating`), so none is lost half-way.
  startTransition(() => {
    hydrateRoot(container, <Root client={queryClient} env={env} />, {
      onRecoverableError: (error, info) =>
        console.error('hydration', error, info.componentStack ?? ''),
    });
  });
}

const state = readDataBlock<DehydratedState>('canopy-state');
const env = readDataBlock<RenderEnv>('canopy-env');
if (state && env) {
  void hydrateRendered(root, state, env);
} else {
  // Start the home page's requests before React renders.
  if (window.location.pathname === '/') {
    void queryClient.prefetchQuery(productsQueryOptions());
    void queryClient.prefetchQuery(categoriesQueryOptions());
    void queryClient.prefetchQuery(promotionsQueryOptions());
    void queryClient.prefetchQuery(newestProductsQueryOptions());
  }
  createRoot(root).render(<Root client={queryClient} />);
}
