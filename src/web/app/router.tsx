import { RouteErrorBoundary } from '@web/components/errors/route-error-boundary';
import { Spinner } from '@web/components/ui/spinner';
import { appModeStore, modeForPath } from '@web/lib/app-mode';
import { enterEntry, restoreScroll } from '@web/lib/history-entries';
import { lazyComponent } from '@web/lib/lazy-component';
import { BACK_OFFICE_PATHS, paths } from '@web/lib/paths';
import { useHydrating } from '@web/lib/render-env';
import { useLayoutEffect, useRef, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { AppShell } from './layout/app-shell';
import { HomeRoute } from './routes/home-route';

// Everything but home is split out so the first load stays small; shoppers never download dealer code.
export const ProductRoute = lazyComponent(() => import('./routes/product-route'), <Spinner />);
const CartRoute = lazyComponent(() => import('./routes/cart-route'), <Spinner />);
const OrdersRoute = lazyComponent(() => import('./routes/orders-route'), <Spinner />);
const ThankYouRoute = lazyComponent(() => import('./routes/thank-you-route'), <Spinner />);
const OrderStatusRoute = lazyComponent(
  () => import('@web/features/order-status/components/order-status-page'),
  <Spinner />,
);
const DealerRoute = lazyComponent(() => import('./routes/dealer-route'), <Spinner />);
const NotFoundRoute = lazyComponent(() => import('./routes/not-found'), <Spinner />);

/**
 * Spec §2.1: customer/dealer mode follows the path. A new page starts at the top; back and
 * forward return to where the shopper was on that page.
 */
function useRouteEffects() {
  const [location] = useLocation();
  // a server-rendered page may have been scrolled before it hydrated: it stays where it is
  const [serverRendered] = useState(useHydrating());
  const firstEntry = useRef(true);
  useLayoutEffect(() => {
    appModeStore.set((current) => modeForPath(location, current));
    const { restored } = enterEntry();
    const keepPlace = firstEntry.current && serverRendered;
    firstEntry.current = false;
    if (restored === null) {
      if (!keepPlace) window.scrollTo(0, 0);
      return;
    }
    return restoreScroll(restored);
  }, [location]);
}

export function AppRouter() {
  useRouteEffects();
  const [location] = useLocation();
  return (
    <AppShell>
      <RouteErrorBoundary page={location}>
        <Switch>
          <Route path={paths.home} component={HomeRoute} />
          <Route path={paths.cart} component={CartRoute} />
          <Route path={paths.orders} component={OrdersRoute} />
          <Route path={paths.thankYou} component={ThankYouRoute} />
          <Route path={paths.orderStatus} component={OrderStatusRoute} />
          <Route path={paths.productById} component={ProductRoute} />
          <Route path={paths.productByAddress} component={ProductRoute} />
          <Route path={paths.productByAddressWithStrain} component={ProductRoute} />
          {BACK_OFFICE_PATHS.map((path) => (
            <Route key={path} path={path}>
              <DealerRoute />
            </Route>
          ))}
          <Route component={NotFoundRoute} />
        </Switch>
      </RouteErrorBoundary>
    </AppShell>
  );
}
