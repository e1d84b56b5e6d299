import { OrdersPage } from '@web/features/orders/components/orders-page';
import { useDocumentTitle } from '@web/hooks/use-document-title';

/** Lazy route for /orders (spec §2.8). */
export default function OrdersRoute() {
  useDocumentTitle('Your Orders');
  return <OrdersPage />;
}
