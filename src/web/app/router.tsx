import { Spinner } from '@web/components/ui/spinner';
import { appModeStore, modeForPath } from '@web/lib/app-mode';
import { lazy, Suspense, useLayoutEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { AppShell } from './layout/app-shell';
import { paths } from './paths';
import { HomeRoute } from './routes/home-route';
import { NotFoundRoute } from './routes/not-found';

// Everything but home is split out so the first load stays small; shoppers never download dealer code.
const ProductRoute = lazy(() => import('./routes/product-route'));
const CartRoute = lazy(() => import('./routes/cart-route'));
const OrdersRoute = lazy(() => import('./routes/orders-route'));
const ThankYouRoute = lazy(() => import('./routes/thank-you-route'));
const DealerRoute = lazy(() => import('./routes/dealer-route'));

/** Spec §2.1: customer/dealer mode follows the path; every route change scrolls to the top. */
function useRouteEffects() {
  const [location] = useLocation();
  useLayoutEffect(() => {
    appModeStore.set((current) => modeForPath(location, current));
    window.scrollTo(0, 0);
  }, [location]);
}

export function AppRouter() {
  useRouteEffects();
  return (
    <AppShell>
      <Suspense fallback={<Spinner />}>
        <Switch>
          <Route path={paths.home} component={HomeRoute} />
          <Route path={paths.cart} component={CartRoute} />
          <Route path={paths.orders} component={OrdersRoute} />
          <Route path={paths.thankYou} component={ThankYouRoute} />
          <Route path={paths.productById} component={ProductRoute} />
          <Route path={paths.productByAddress} component={ProductRoute} />
          <Route path={paths.productByAddressWithStrain} component={ProductRoute} />
          <Route path={paths.dealer}>
            <DealerRoute />
          </Route>
          <Route path={paths.schedule}>
            <DealerRoute />
          </Route>
          <Route path={paths.categories}>
            <DealerRoute />
          </Route>
          <Route component={NotFoundRoute} />
        </Switch>
      </Suspense>
    </AppShell>
  );
}
