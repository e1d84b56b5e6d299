import { CartPage } from '@web/features/cart/components/cart-page';
import { CheckoutProvider } from '@web/features/checkout/checkout-context';
import { CheckoutPriceDisplay } from '@web/features/checkout/components/checkout-price-display';
import { CustomerDeliveryCard } from '@web/features/checkout/components/customer-delivery-card';
import { OrderSummary } from '@web/features/checkout/components/order-summary';
import { useDocumentTitle } from '@web/hooks/use-document-title';

/** Lazy route for /cart: the cart list with checkout composed in (spec §2.7). */
export default function CartRoute() {
  useDocumentTitle('Cart');
  return (
    <CheckoutProvider>
      <CheckoutPriceDisplay>
        <CartPage belowItems={<CustomerDeliveryCard />} aside={<OrderSummary />} />
      </CheckoutPriceDisplay>
    </CheckoutProvider>
  );
}
