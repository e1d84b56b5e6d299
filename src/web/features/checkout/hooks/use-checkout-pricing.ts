import { sameDayClosedReason } from '@shared/availability';
import { taxContextFor } from '@shared/compliance/checkout-terms';
import { cartGrams, gramsCountedOn, purchaseLimitStatus } from '@shared/compliance/limits';
import { DEFAULT_DELIVERY_TERMS } from '@shared/compliance/zones';
import { plannedSaleDate } from '@shared/order-lifecycle';
import { priceCart } from '@shared/pricing';
import { useDealerSettings } from '@web/api/get-dealer-settings';
import { useMyOrders } from '@web/api/get-my-orders';
import { useProducts } from '@web/api/get-products';
import { useCart } from '@web/features/cart/cart-store';
import { useShopClock } from '@web/lib/shop-clock';
import { useMemo } from 'react';
import { useCheckout } from '../checkout-context';
import { limitedLines, orderTypeFor, pricingLines } from '../checkout-rules';
import { pricingPromotion, useAppliedPromotion } from '../promo-store';
import { useDeliveryZone } from './use-delivery-zone';

/**
 * The cart priced by the shared engine, exactly as the server will price it: the delivery
 * zone of the postal code and the shop's rule set and tax rates.
 */
export function useCheckoutPricing() {
  const cart = useCart();
  const products = useProducts();
  const promotion = useAppliedPromotion();
  const settings = useDealerSettings();
  const zone = useDeliveryZone().lookup;
  const clock = useShopClock();
  const shopDate = clock.date;
  const { choice } = useCheckout();
  const orderType = orderTypeFor(choice);
  // the day the goods change hands: its excise rate and its limits count
  const saleDate = plannedSaleDate(orderType, choice.date, shopDate);
  const freebieProductId = promotion?.freebieProduct?.id ?? null;
  const lines = useMemo(
    () => pricingLines(cart, products.data, freebieProductId),
    [cart, products.data, freebieProductId],
  );
  const tax = useMemo(
    () =>
      settings.data
        ? taxContextFor(settings.data, zone.kind === 'inside' ? zone.zone : null, saleDate)
        : undefined,
    [settings.data, zone, saleDate],
  );
  const pricing = useMemo(
    () =>
      priceCart({
        lines,
        promotion: pricingPromotion(promotion),
        orderType,
        delivery: zone.kind === 'outside' ? DEFAULT_DELIVERY_TERMS : zone.terms,
        tax,
      }),
    [lines, promotion, orderType, zone, tax],
  );
  // what this cart and the shopper's own orders of the sale day count toward the daily limits
  const mine = useMyOrders(tax !== undefined && tax.ruleSet.purchaseLimits.length > 0);
  const limits = useMemo(
    () =>
      tax
        ? purchaseLimitStatus(
            tax.ruleSet,
            saleDate,
            cartGrams(limitedLines(cart, products.data)).grams,
            gramsCountedOn(mine.data ?? [], saleDate),
          )
        : [],
    [tax, saleDate, cart, products.data, mine.data],
  );
  // under a rule set with legal hours: same-day only on delivery days within them
  const sameDayClosed = settings.data ? sameDayClosedReason(settings.data, clock) : null;
  return { cart, products, promotion, orderType, lines, pricing, zone, limits, tax, sameDayClosed };
}
