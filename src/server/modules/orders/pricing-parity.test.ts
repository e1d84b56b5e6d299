import { taxContextFor } from '@shared/compliance/checkout-terms';
import { priceCart, type TaxContext } from '@shared/pricing';
import { shopClock } from '@shared/shop-clock';
import type { ValidatePromoAnswer } from '@web/features/checkout/api/validate-promo';
import {
  type DeliveryChoice,
  orderPayload,
  pricingLines,
} from '@web/features/checkout/checkout-rules';
import { pricingPromotion } from '@web/features/checkout/promo-store';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine } from '../../../../test/orders-fixtures';
import { shopTimeClock } from '../../../../test/shop-time';
import { BULK, type QuantityLabel } from '../../../shared/constants';
import { offeredQuantities } from '../../../shared/quantity';
import type { CartItem } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';
import type { Promotion } from '../../../shared/schemas/promotions';
import type { DealerSettings } from '../../../shared/schemas/settings';
import { saveDealerSettings } from '../settings/admin-service';

const ZONE = 'America/Los_Angeles';
const clock = shopTimeClock(ZONE);

const shopper = {
  name: 'Sam Shopper',
  phone: '555-0101',
  email: 'sam@example.com',
  address: '12 Elm Street, Oakland, CA 94612',
  postalCode: '',
  deliveryNotes: '',
};

/**
 * The browser prices the cart with its own checkout code (pricing lines, the validated
 * promotion, the order body it sends); the server re-computes the total from the database
 * and refuses any difference. Random carts built exactly as the checkout page builds them
 * must be accepted at the browser's total, to the cent.
 */
describe('pricing parity between the browser total and the server', () => {
  let t: TestApp;
  let products: Product[];
  let promotions: Promotion[];
  beforeAll(async () => {
    // a Wednesday afternoon in the shop: California's same-day hours hold whenever the suite runs
    t = await createTestApp('sqlite', { env: { SHOP_TIMEZONE: ZONE }, clock });
    // plenty of stock so the property is about prices, not availability (each flavor's too)
    await t.db.kysely.updateTable('products').set({ stock: 100_000 }).execute();
    const flavored = await t.db.kysely
      .selectFrom('products')
      .select(['id', 'flavor_stocks'])
      .where('flavor_stocks', '!=', '{}')
      .execute();
    for (const { id, flavor_stocks } of flavored) {
      const plenty = Object.fromEntries(
        Object.keys(JSON.parse(flavor_stocks)).map((flavor) => [flavor, 100_000]),
      );
      await t.db.kysely
        .updateTable('products')
        .set({ flavor_stocks: JSON.stringify(plenty) })
        .where('id', '=', id)
        .execute();
    }
    t.app.productListCache.invalidate();
    // and no cap on an order's size: random carts pass $1,000
    await saveDealerSettings(t.db, {
      maxOrderSubtotal: 1_000_000,
      deliveryHours: undefined,
      deliveryNotes: undefined,
    });
    products = (await t.app.inject('/api/products')).json<Product[]>();
    // the carts below buy these in one of their flavors or strain types, as the product page asks
    expect(products.some((p) => p.flavors.length > 1)).toBe(true);
    expect(products.some((p) => p.strainTypes.length > 1)).toBe(true);
    promotions = (await t.app.inject('/api/promotions'))
      .json<Promotion[]>()
      .filter((p) => !p.validDays.length || p.validDays.length === 7);
  });
  afterAll(() => t.dispose());

  /** What the checkout page sends: the promotion as /api/validate-promo answered it. */
  async function browserOrder(
    items: CartItem[],
    mode: DeliveryChoice['mode'],
    code: string | null,
    tax?: TaxContext,
  ) {
    let validated = null;
    if (code) {
      const answer = (
        await t.app.inject({
          method: 'POST',
          url: '/api/validate-promo',
          payload: { promoCode: code, cartItems: items },
        })
      ).json<ValidatePromoAnswer>();
      if (answer.valid) validated = answer.promotion;
    }
    const choice: DeliveryChoice = { mode, date: null, timeWindow: null };
    const pricing = priceCart({
      lines: pricingLines(items, products, validated?.freebieProduct?.id ?? null),
      promotion: pricingPromotion(validated),
      orderType: mode === 'pickup' ? 'pickup' : 'delivery',
      tax,
    });
    return orderPayload({ cart: items, details: shopper, choice, pricing, promotion: validated });
  }

  /** The checkout page's tax context: the shop's rule set and rates on the shop's date. */
  async function browserTax(): Promise<TaxContext> {
    const settings = (await t.app.inject('/api/dealer-settings')).json<DealerSettings>();
    return taxContextFor(settings, null, shopClock(clock(), ZONE).date);
  }

  const cartArb = () => {
    const line = fc
      .record({ index: fc.nat(), option: fc.nat(), count: fc.integer({ min: 1, max: 4 }) })
      .map(({ index, option, count }) => {
        const product = products[index % products.length];
        const options = offeredQuantities(product).filter(
          (q: QuantityLabel) => q !== BULK || option % 5 === 0,
        );
        // a product with flavors or several strain types is bought in one of them
        const choice = {
          ...(product.flavors.length
            ? { flavor: product.flavors[option % product.flavors.length] }
            : {}),
          ...(product.strainTypes.length > 1
            ? { strainType: product.strainTypes[option % product.strainTypes.length] }
            : {}),
        };
        return cartLine(product, options[option % options.length], count, choice);
      });
    return fc.record({
      items: fc.array(line, { minLength: 1, maxLength: 6 }),
      mode: fc.constantFrom<DeliveryChoice['mode']>('pickup', 'same-day'),
      promo: fc.option(fc.constantFrom(...promotions), { nil: null }),
    });
  };

  it('accepts random carts at the browser total, with and without promotions', async () => {
    let accepted = 0;
    let discounted = 0;
    await fc.assert(
      fc.asyncProperty(cartArb(), async ({ items, mode, promo }) => {
        const body = await browserOrder(items, mode, promo?.promoCode ?? null);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/orders/simple',
          payload: body,
        });
        if (res.statusCode === 201) {
          expect(res.json().total).toBe(body.total);
          accepted += 1;
          if ((body.discountAmount ?? 0) > 0) discounted += 1;
          return;
        }
        // the only acceptable refusal is one the browser's own checks also make
        expect(res.json().error).toBe('Minimum order not met');
      }),
      { numRuns: 150 },
    );
    expect(accepted).toBeGreaterThan(75);
    expect(discounted).toBeGreaterThan(10);
  });

  it('under US-CA with a 9.125% sales tax and a local tax, accessories included', async () => {
    const { send } = await dealerClient(t);
    const rates = { jurisdiction: 'US-CA', salesTaxRate: 9.125, localTaxRate: 10 };
    expect((await send('PATCH', '/api/dealer-settings', rates)).statusCode).toBe(200);
    expect(products.some((p) => !p.cannabis)).toBe(true);
    const tax = await browserTax();
    let accepted = 0;
    let phone = 1000;
    await fc.assert(
      fc.asyncProperty(cartArb(), async ({ items, mode, promo }) => {
        const body = await browserOrder(items, mode, promo?.promoCode ?? null, tax);
        phone += 1; // each cart its own customer: the daily limits count per customer
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/orders/simple',
          payload: { ...body, phone: `555-${phone}` },
        });
        if (res.statusCode === 201) {
          expect(res.json().total).toBe(body.total);
          accepted += 1;
          return;
        }
        // refusals the browser's own checks make too; never a price difference
        expect(['MINIMUM_NOT_MET', 'PURCHASE_LIMIT', 'BULK_OVER_LIMITS']).toContain(
          res.json().code,
        );
      }),
      { numRuns: 100 },
    );
    // a fifth at least: the rest meet the daily limits or the minimum, as in the browser
    expect(accepted).toBeGreaterThan(20);
  });
});
