import { PriceDisplayProvider, usePriceDisplay } from '@web/components/ui/price-tag';
import { priceDisplayFor } from '@web/lib/price-display';
import { type ReactNode, useMemo } from 'react';
import { useCheckoutPricing } from '../hooks/use-checkout-pricing';

/**
 * In the cart, out-the-door prices carry the taxes of the delivery's zone (its own
 * sales tax rate), the same the order summary and the server use.
 */
export function CheckoutPriceDisplay({ children }: { children: ReactNode }) {
  const shopWide = usePriceDisplay();
  const { tax } = useCheckoutPricing();
  const display = useMemo(
    () => (shopWide.taxesIncluded ? priceDisplayFor(tax) : shopWide),
    [shopWide, tax],
  );
  return <PriceDisplayProvider value={display}>{children}</PriceDisplayProvider>;
}
