import { CardCartControls } from '@web/features/cart/components/card-cart-controls';
import { StorefrontPage } from '@web/features/storefront/components/storefront-page';
import { useDocumentTitle } from '@web/hooks/use-document-title';

export function HomeRoute() {
  useDocumentTitle(null);
  return <StorefrontPage cardActions={(product) => <CardCartControls product={product} />} />;
}
