import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, stockedCatalog } from '../../../../test/orders-fixtures';
import { RULE_SETS } from '../../../shared/compliance/rule-sets';
import { DEFAULT_DELIVERY_TERMS, type DeliveryTerms } from '../../../shared/compliance/zones';
import type { PriceCartInput } from '../../../shared/pricing';
import type { CartItem, Order } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';
import { getDealerSettings } from '../settings/service';

// Monday 30 November 2026, noon in Los Angeles: within California's delivery hours
const MONDAY_NOON = new Date('2026-11-30T20:00:00Z');
const californiaTax: Pick<PriceCartInput, 'tax'> = {
  tax: {
    ruleSet: RULE_SETS['US-CA'],
    date: '2026-11-30',
    rates: { salesTaxPercent: 9.5, localTaxPercent: null },
  },
};

/**
 * The checkout reads the dealer's settings and the zones from a snapshot: each save reaches
 * the very next order, whether made here or (PostgreSQL) on another instance.
 */
describe.each(BACKENDS)('checkout terms after a save on %s', (dialect) => {
  let t: TestApp;
  let send: Awaited<ReturnType<typeof dealerClient>>['send'];
  let all: Product[];
  let dream: Product;

  const place = (items: CartItem[], overrides: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody(items, all, overrides),
    });
  const delivery = (postalCode: string, phone: string, terms: DeliveryTerms) =>
    place([cartLine(dream, '1/4 Oz')], {
      orderType: 'delivery',
      address: `12 Elm Street, San Francisco, CA ${postalCode}`,
      phone,
      pricing: { ...californiaTax, delivery: terms },
    });

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { SHOP_TIMEZONE: 'America/Los_Angeles' },
      clock: () => MONDAY_NOON,
    });
    ({ send } = await dealerClient(t));
    const products = await stockedCatalog(t);
    all = [...products.values()];
    dream = products.get('Blue Dream') as Product;
  });
  afterAll(() => t.dispose());

  it('holds the next order to the daily limit once the dealer turns California on', async () => {
    const over = [cartLine(dream, '1 Oz'), cartLine(dream, '1/8 Oz')];
    const before = await place(over, { phone: '555-0210' });
    expect(before.statusCode).toBe(201);
    expect(before.json<Order>().taxes).toEqual([]);

    const saved = await send('PATCH', '/api/dealer-settings', {
      jurisdiction: 'US-CA',
      salesTaxRate: 9.5,
    });
    expect(saved.statusCode).toBe(200);
    const after = await place(over, { phone: '555-0211', pricing: californiaTax });
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({ code: 'PURCHASE_LIMIT', limit: 28.5, remaining: 28.5 });
  });

  it('prices and places deliveries by the zones as the dealer last saved them', async () => {
    const created = await send('POST', '/api/delivery-zones', {
      name: 'Mission',
      postalCodes: ['94110'],
      fee: 7,
      minimum: 0,
      freeDeliveryOver: null,
    });
    expect(created.statusCode).toBe(201);
    const zoneId = created.json<{ id: number }>().id;
    const mission = { feeCents: 700, minimumCents: 0, freeDeliveryOverCents: null };
    expect((await delivery('94110', '555-0220', mission)).json<Order>().deliveryFee).toBe(7);
    expect((await delivery('94103', '555-0221', mission)).json()).toMatchObject({
      code: 'OUTSIDE_DELIVERY_AREA',
    });

    const patched = await send('PATCH', `/api/delivery-zones/${zoneId}`, {
      postalCodes: ['94110', '94103'],
      fee: 9,
    });
    expect(patched.statusCode).toBe(200);
    // the old fee is now a changed price
    expect((await delivery('94103', '555-0222', mission)).json()).toMatchObject({
      code: 'PRICE_CHANGED',
    });
    const wider = { ...mission, feeCents: 900 };
    expect((await delivery('94103', '555-0223', wider)).json<Order>().deliveryFee).toBe(9);

    expect((await send('DELETE', `/api/delivery-zones/${zoneId}`)).statusCode).toBe(204);
    const anywhere = await delivery('94999', '555-0224', DEFAULT_DELIVERY_TERMS);
    expect(anywhere.statusCode).toBe(201);
    expect(anywhere.json<Order>().deliveryFee).toBe(5);
  });

  it("reads another instance's save once its event arrives", async () => {
    const over = [cartLine(dream, '1 Oz'), cartLine(dream, '1/8 Oz')];
    const underCalifornia = await place(over, { phone: '555-0230', pricing: californiaTax });
    expect(underCalifornia.json()).toMatchObject({ code: 'PURCHASE_LIMIT' });
    // as another instance saves: the row changes here, and its event comes through the bus
    await t.db.kysely.updateTable('dealer_settings').set({ jurisdiction: 'none' }).execute();
    t.app.events.deliverRemote({
      type: 'dealer-settings-updated',
      data: await getDealerSettings(t.db.kysely),
    });
    expect((await place(over, { phone: '555-0231' })).statusCode).toBe(201);
  });
});
