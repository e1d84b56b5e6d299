import { OrdersPage } from '@web/features/orders/components/orders-page';

/** Lazy route for /orders (spec §2.8). */
export default function OrdersRoute() {
  return <OrdersPage />;
}
