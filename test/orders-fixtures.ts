import type { FastifyInstance } from 'fastify';
import type { OrderType, QuantityLabel } from '../src/shared/constants';
import { toDollars } from '../src/shared/money';
import { type PriceCartInput, priceCart, unitPrice } from '../src/shared/pricing';
import { toAppliedPromotion } from '../src/shared/promotions';
import type { CartItem } from '../src/shared/schemas/orders';
import type { Product } from '../src/shared/schemas/products';
import type { Promotion } from '../src/shared/schemas/promotions';
import { pricingLines } from '../src/web/features/checkout/checkout-rules';
import type { TestApp } from './harness';

export async function productsByName(app: FastifyInstance): Promise<Map<string, Product>> {
  const list = (await app.inject('/api/products')).json<Product[]>();
  return new Map(list.map((p) => [p.name, p]));
}

/**
 * Sets the stock of every product, or of the one with `id`, straight in the database, and drops
 * the app's cached product list so that the next read sees it.
 */
export async function setStock(t: Pick<TestApp, 'app' | 'db'>, stock: number, id?: number) {
  const all = t.db.kysely.updateTable('products').set({ stock });
  await (id === undefined ? all : all.where('id', '=', id)).execute();
  t.app.productListCache.invalidate();
}

/** Stocks every product deep enough that a suite's orders never run out; the catalog by name. */
export async function stockedCatalog(t: Pick<TestApp, 'app' | 'db'>) {
  await setStock(t, 10_000);
  return productsByName(t.app);
}

export function cartLine(
  product: Product,
  quantity: QuantityLabel,
  count = 1,
  extra: Partial<CartItem> = {},
): CartItem {
  return {
    id: product.id,
    name: product.name,
    price: unitPrice(product, quantity),
    quantity,
    count,
    ...extra,
  };
}

/** The total the browser shows for a cart: its own pricing lines, priced by the shared engine. */
export function browserTotal(
  items: CartItem[],
  products: Product[],
  orderType: OrderType,
  promotion: Promotion | null = null,
  terms: Pick<PriceCartInput, 'delivery' | 'tax'> = {},
) {
  const pricing = priceCart({
    lines: pricingLines(items, products, promotion?.freebieProductId ?? null),
    promotion: promotion ? toAppliedPromotion(promotion) : null,
    orderType,
    ...terms,
  });
  return toDollars(pricing.totalCents);
}

/** A delivery address a licensed shop in California accepts: street, city, state and ZIP. */
export const DELIVERY_ADDRESS = '12 Elm Street, Oakland, CA 94612';

export function orderBody(
  items: CartItem[],
  products: Product[],
  overrides: Record<string, unknown> = {},
) {
  const orderType = (overrides.orderType as OrderType | undefined) ?? 'pickup';
  return {
    customer: 'Sam Shopper',
    address: orderType === 'pickup' ? 'PICKUP' : DELIVERY_ADDRESS,
    phone: '555-0101',
    email: 'sam@example.com',
    items,
    total: browserTotal(
      items,
      products,
      orderType,
      (overrides.promotion as Promotion | undefined) ?? null,
      (overrides.pricing as Pick<PriceCartInput, 'delivery' | 'tax'> | undefined) ?? {},
    ),
    orderType,
    deliveryDate: null,
    deliveryTimeWindow: null,
    deliveryNotes: null,
    ...Object.fromEntries(
      Object.entries(overrides).filter(([k]) => k !== 'promotion' && k !== 'pricing'),
    ),
  };
}
