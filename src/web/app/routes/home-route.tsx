import { CardCartControls } from '@web/features/cart/components/card-cart-controls';
import { StorefrontPage } from '@web/features/storefront/components/storefront-page';

export function HomeRoute() {
  return <StorefrontPage cardActions={(product) => <CardCartControls product={product} />} />;
}
