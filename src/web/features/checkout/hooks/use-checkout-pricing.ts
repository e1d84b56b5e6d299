import { priceCart } from '@shared/pricing';
import { useProducts } from '@web/api/get-products';
import { useCart } from '@web/features/cart/cart-store';
import { useMemo } from 'react';
import { useCheckout } from '../checkout-context';
import { orderTypeFor, pricingLines } from '../checkout-rules';
import { pricingPromotion, useAppliedPromotion } from '../promo-store';

/** The cart priced by the shared engine, exactly as the server will price it. */
export function useCheckoutPricing() {
  const cart = useCart();
  const products = useProducts();
  const promotion = useAppliedPromotion();
  const { choice } = useCheckout();
  const orderType = orderTypeFor(choice);
  const freebieProductId = promotion?.freebieProduct?.id ?? null;
  const lines = useMemo(
    () => pricingLines(cart, products.data, freebieProductId),
    [cart, products.data, freebieProductId],
  );
  const pricing = useMemo(
    () => priceCart({ lines, promotion: pricingPromotion(promotion), orderType }),
    [lines, promotion, orderType],
  );
  return { cart, products, promotion, orderType, lines, pricing };
}
