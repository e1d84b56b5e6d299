/**
 * Loaded on the first add to the cart: the rule sets and the limits engine stay out of the
 * first page's JavaScript.
 */
import {
  cartGrams,
  gramsCountedOn,
  limitExceededMessage,
  purchaseLimitStatus,
} from '@shared/compliance/limits';
import { ruleSetFor } from '@shared/compliance/rule-sets';
import type { QuantityLabel } from '@shared/constants';
import { cartSubtotalCents, type OrderLimits, orderCapProblem } from '@shared/order-limits';
import { unitPrice } from '@shared/pricing';
import type { CartItem, Order } from '@shared/schemas/orders';
import type { Product } from '@shared/schemas/products';
import { shopClock } from '@shared/shop-clock';
import type { QueryClient } from '@tanstack/react-query';
import { dealerSettingsQueryOptions } from '@web/api/get-dealer-settings';
import { myOrdersQueryOptions } from '@web/api/get-my-orders';
import { productsQueryOptions } from '@web/api/get-products';
import { toast } from '@web/components/ui/toast';
import { shopTimeZone } from '@web/lib/shop-clock';
import { getCart } from './cart-store';

/** Why adding `count` x `quantity` of `product` would pass a daily limit, or null. */
export function dailyLimitRefusal(input: {
  jurisdiction: string;
  shopDate: string;
  cart: readonly CartItem[];
  products: readonly Product[];
  product: Product;
  quantity: QuantityLabel;
  count?: number;
  /** the shopper's own orders: those of the shop date count too */
  myOrders?: readonly Order[];
}): string | null {
  const byId = new Map(input.products.map((p) => [p.id, p]));
  const lines = input.cart.flatMap((item) => {
    const product = byId.get(item.id);
    return product ? [{ product, quantity: item.quantity, count: item.count }] : [];
  });
  lines.push({ product: input.product, quantity: input.quantity, count: input.count ?? 1 });
  const over = purchaseLimitStatus(
    ruleSetFor(input.jurisdiction),
    input.shopDate,
    cartGrams(lines).grams,
    gramsCountedOn(input.myOrders ?? [], input.shopDate),
  ).find((status) => status.over);
  return over ? limitExceededMessage(over) : null;
}

/**
 * Why adding one `quantity` of `product` would pass the shop's order caps (a line's
 * count, the order's subtotal), or null. The cart line it adds to is the product's line in that
 * size with the highest count.
 */
export function orderCapRefusal(input: {
  limits: Pick<OrderLimits, 'maxLineCount' | 'maxOrderSubtotal'>;
  cart: readonly CartItem[];
  product: Product;
  quantity: QuantityLabel;
}): string | null {
  const same = input.cart.filter((l) => l.id === input.product.id && l.quantity === input.quantity);
  const count = Math.max(0, ...same.map((l) => l.count)) + 1;
  const added = { price: unitPrice(input.product, input.quantity), quantity: input.quantity };
  const subtotal = cartSubtotalCents([...input.cart, { ...added, count: 1 }]);
  return (
    orderCapProblem([{ name: input.product.name, count }], subtotal, input.limits)?.message ?? null
  );
}

/**
 * An add that would pass the shop's daily purchase limits is refused with the
 * limit's words (the server refuses such an order anyway); so is one past the shop's order
 * caps. True when the add may go ahead; without the shop's settings (offline) the
 * server has the last word.
 */
export async function checkDailyLimits(
  queryClient: QueryClient,
  product: Product,
  quantity: QuantityLabel,
): Promise<boolean> {
  try {
    const [settings, products] = await Promise.all([
      queryClient.ensureQueryData(dealerSettingsQueryOptions()),
      queryClient.ensureQueryData(productsQueryOptions()),
    ]);
    const capped = orderCapRefusal({ limits: settings, cart: getCart(), product, quantity });
    if (capped) {
      toast({ title: 'Order limit reached', description: capped, variant: 'destructive' });
      return false;
    }
    const limited = ruleSetFor(settings.jurisdiction).purchaseLimits.length > 0;
    const myOrders = limited ? await queryClient.ensureQueryData(myOrdersQueryOptions()) : [];
    const refusal = dailyLimitRefusal({
      jurisdiction: settings.jurisdiction,
      shopDate: shopClock(new Date(), shopTimeZone()).date,
      cart: getCart(),
      products,
      product,
      quantity,
      myOrders,
    });
    if (!refusal) return true;
    toast({ title: 'Daily limit reached', description: refusal, variant: 'destructive' });
    return false;
  } catch (error) {
    console.warn('Could not check the daily limits', error);
    return true;
  }
}
