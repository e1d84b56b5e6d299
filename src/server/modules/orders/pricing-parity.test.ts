import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody } from '../../../../test/orders-fixtures';
import { BULK, type OrderType, type QuantityLabel } from '../../../shared/constants';
import { offeredQuantities } from '../../../shared/quantity';
import type { Product, Promotion } from '../../../shared/types';

/**
 * The browser computes the cart total with src/shared/pricing; the server
 * re-computes it from the database and refuses any difference. Random carts
 * must be accepted at exactly the browser's total, to the cent.
 */
describe('pricing parity between the browser total and the server', () => {
  let t: TestApp;
  let products: Product[];
  let promotions: Promotion[];
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    // plenty of stock so the property is about prices, not availability
    await t.db.kysely.updateTable('products').set({ stock: 100_000 }).execute();
    t.app.productListCache.invalidate();
    products = (await t.app.inject('/api/products'))
      .json<Product[]>()
      .filter((p) => p.strainTypes.length <= 1);
    promotions = (await t.app.inject('/api/promotions'))
      .json<Promotion[]>()
      .filter((p) => !p.validDays.length || p.validDays.length === 7);
  });
  afterAll(() => t.dispose());

  it('accepts random carts at the browser total, with and without promotions', async () => {
    const line = fc
      .record({ index: fc.nat(), option: fc.nat(), count: fc.integer({ min: 1, max: 4 }) })
      .map(({ index, option, count }) => {
        const product = products[index % products.length];
        const options = offeredQuantities(product).filter(
          (q: QuantityLabel) => q !== BULK || option % 5 === 0,
        );
        return cartLine(product, options[option % options.length], count);
      });
    const cart = fc.record({
      items: fc.array(line, { minLength: 1, maxLength: 6 }),
      orderType: fc.constantFrom<OrderType>('pickup', 'delivery'),
      promo: fc.option(fc.constantFrom(...promotions), { nil: null }),
    });
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(cart, async ({ items, orderType, promo }) => {
        const body = orderBody(items, products, {
          orderType,
          promotion: promo ?? undefined,
          promoCode: promo?.promoCode ?? null,
        });
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/orders/simple',
          payload: body,
        });
        if (res.statusCode === 201) {
          expect(res.json().total).toBe(body.total);
          accepted += 1;
          return;
        }
        // the only acceptable refusals are the ones the browser's own checks also make
        const error = res.json().error;
        expect(['Minimum order not met', 'Invalid promo code']).toContain(error);
      }),
      { numRuns: 150 },
    );
    expect(accepted).toBeGreaterThan(75);
  });
});
