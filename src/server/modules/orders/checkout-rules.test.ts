import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, stockedCatalog } from '../../../../test/orders-fixtures';
import { gramsCountedOn, purchaseLimitStatus } from '../../../shared/compliance/limits';
import { RULE_SETS } from '../../../shared/compliance/rule-sets';
import { DEFAULT_DELIVERY_TERMS } from '../../../shared/compliance/zones';
import type { PriceCartInput } from '../../../shared/pricing';
import type { CartItem, Order } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';
import type { DealerSettings } from '../../../shared/schemas/settings';

// Monday 30 November 2026, noon in Los Angeles
const MONDAY_NOON = new Date('2026-11-30T20:00:00Z');
const TUESDAY_MORNING = new Date('2026-12-01T17:00:00Z');
// 23:30 on Monday in Los Angeles is already Tuesday in UTC: still Monday's shop day
const MONDAY_LATE = new Date('2026-12-01T07:30:00Z');

const CALIFORNIA = { jurisdiction: 'US-CA', salesTaxRate: 9.5, localTaxRate: null };
const californiaTax = (date: string): Pick<PriceCartInput, 'tax'> => ({
  tax: {
    ruleSet: RULE_SETS['US-CA'],
    date,
    rates: { salesTaxPercent: 9.5, localTaxPercent: null },
  },
});

describe.each(BACKENDS)('checkout rules of a licensed shop on %s', (dialect) => {
  let t: TestApp;
  let send: Awaited<ReturnType<typeof dealerClient>>['send'];
  let products: Map<string, Product>;
  let all: Product[];

  const place = (items: CartItem[], overrides: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody(items, all, { pricing: californiaTax('2026-11-30'), ...overrides }),
      headers: overrides.cookie ? { cookie: overrides.cookie as string } : {},
    });
  /** The moment the shop's rules read; sessions and everything else keep the wall clock. */
  let shopNow: Date | null = null;
  const at = (instant: Date) => {
    shopNow = instant;
  };
  const product = (name: string) => products.get(name) as Product;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      env: { SHOP_TIMEZONE: 'America/Los_Angeles' },
      clock: () => shopNow ?? new Date(),
    });
    ({ send } = await dealerClient(t));
    products = await stockedCatalog(t);
    all = [...products.values()];
  });
  afterEach(() => {
    shopNow = null;
  });
  afterAll(() => t.dispose());

  it('keeps the compliance settings dealer-only and validated', async () => {
    const anonymous = await send('PATCH', '/api/dealer-settings', CALIFORNIA, true);
    expect(anonymous.statusCode).toBe(401);
    const unknown = await send('PATCH', '/api/dealer-settings', { jurisdiction: 'Atlantis' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('jurisdiction');
    const rate = await send('PATCH', '/api/dealer-settings', { salesTaxRate: 120 });
    expect(rate.json().errors[0]).toMatchObject({
      path: 'salesTaxRate',
      message: 'must be at most 50 (it is a percentage)',
    });
    const saved = await send('PATCH', '/api/dealer-settings', CALIFORNIA);
    expect(saved.statusCode).toBe(200);
    const read = (await t.app.inject('/api/dealer-settings')).json<DealerSettings>();
    expect(read).toMatchObject({ ...CALIFORNIA, pricesIncludeTaxes: false });
  });

  it('takes "prices include taxes" as a display choice that changes no total', async () => {
    const wrong = await send('PATCH', '/api/dealer-settings', { pricesIncludeTaxes: 'yes' });
    expect(wrong.json().errors[0]).toMatchObject({
      path: 'pricesIncludeTaxes',
      message: 'must be true or false',
    });
    expect(
      (await send('PATCH', '/api/dealer-settings', { pricesIncludeTaxes: true })).json(),
    ).toMatchObject({ ...CALIFORNIA, pricesIncludeTaxes: true });
    // the mode stays on for the tests below: their totals, to the cent, are the same as without
  });

  it('adds the excise and sales tax lines to the order and its total', async () => {
    at(MONDAY_NOON);
    // 2 x Classic Joint: counts 2 g, far under the limit
    const items = [cartLine(product('Live Resin Cart'), '1', 2, { flavor: 'Blue Razz' })];
    const goods = items[0].price * 2;
    const res = await place(items, { phone: '555-0199' });
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    const excise = Math.round(goods * 15) / 100;
    const sales = Math.round((goods + excise) * 9.5) / 100;
    expect(order.taxes).toEqual([
      { name: 'Cannabis excise tax', rate: 15, amount: excise },
      { name: 'Sales tax', rate: 9.5, amount: sales },
    ]);
    expect(order.total).toBeCloseTo(goods + excise + sales, 2);
    const listed = await t.app.inject({
      url: '/api/orders/mine',
      headers: {
        cookie: `canopy_shopper=${res.cookies.find((c) => c.name === 'canopy_shopper')?.value}`,
      },
    });
    expect(listed.json<Order[]>()[0].taxes).toEqual(order.taxes);
  });

  it('refuses a total that leaves the taxes out', async () => {
    at(MONDAY_NOON);
    const items = [cartLine(product('Live Resin Cart'), '1', 1, { flavor: 'Blue Razz' })];
    const res = await place(items, { pricing: {}, phone: '555-0198' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PRICE_CHANGED' });
  });

  it('refuses a cart over the daily flower limit with the limit and what is left', async () => {
    at(MONDAY_NOON);
    const dream = product('Blue Dream');
    const res = await place([cartLine(dream, '1 Oz'), cartLine(dream, '1/8 Oz')], {
      phone: '555-0110',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error:
        'Daily limit reached: you can buy up to 28.5 g of flower per day, and 28.5 g is left today.',
      code: 'PURCHASE_LIMIT',
      message:
        'Daily limit reached: you can buy up to 28.5 g of flower per day, and 28.5 g is left today.',
      kind: 'cannabis',
      limit: 28.5,
      requested: 31.5,
      remaining: 28.5,
    });
  });

  const cookieOf = (answer: { cookies: { name: string; value: string }[] }) =>
    answer.cookies
      .filter((c) => c.name === 'canopy_shopper')
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');

  it("counts the shopper's own orders of the sale day, and the phone's once accepted, until the next day", async () => {
    at(MONDAY_NOON);
    const dream = product('Blue Dream');
    const ounce = await place([cartLine(dream, '1 Oz')], { phone: '(415) 555-0120' });
    expect(ounce.statusCode).toBe(201);
    expect(ounce.json<Order>().total).toBeGreaterThan(0);
    const cookie = cookieOf(ounce);
    // the same shopper is told what is left
    at(MONDAY_LATE);
    const eighth = await place([cartLine(dream, '1/8 Oz')], { phone: '+1 415 555 0120', cookie });
    expect(eighth.statusCode).toBe(409);
    expect(eighth.json()).toMatchObject({
      code: 'PURCHASE_LIMIT',
      remaining: 0.5,
      error:
        'Daily limit reached: you can buy up to 28.5 g of flower per day, and 0.5 g is left today.',
    });
    // another browser with the phone: a stranger's unaccepted order does not use up its day...
    const stranger = await place([cartLine(product('Classic Joint'), '1')], {
      phone: '415-555-0120',
    });
    expect(stranger.statusCode).toBe(201);
    // ...but once the shop accepts the ounce, the phone's day counts it, and says no more
    await send('PATCH', `/api/orders/${ounce.json<Order>().id}/status`, { status: 'accepted' });
    const another = await place([cartLine(product('Classic Joint'), '1')], {
      phone: '415-555-0120',
    });
    expect(another.statusCode).toBe(409);
    expect(another.json()).toEqual({
      error: "This order is over today's purchase limit.",
      code: 'PURCHASE_LIMIT',
      message: "This order is over today's purchase limit.",
    });
    // a vape cart counts on the concentrate limit
    const vape = await place(
      [cartLine(product('Live Resin Cart'), '1', 1, { flavor: 'Blue Razz' })],
      {
        phone: '415-555-0120',
        cookie,
      },
    );
    expect(vape.statusCode).toBe(201);
    at(TUESDAY_MORNING);
    const tuesday = await place([cartLine(dream, '1/8 Oz')], {
      phone: '415 555 0120',
      pricing: californiaTax('2026-12-01'),
      cookie,
    });
    expect(tuesday.statusCode).toBe(201);
  });

  it('counts what the cart meter counts: the shopper’s own orders of the day, from their order list', async () => {
    at(MONDAY_NOON);
    const dream = product('Blue Dream');
    const first = await place([cartLine(dream, '1/2 Oz')], { phone: '555-0191' });
    const cookie = cookieOf(first);
    const second = await place([cartLine(dream, '1/4 Oz')], { phone: '555-0191', cookie });
    expect(second.statusCode).toBe(201);
    const mine = await t.app.inject({ url: '/api/orders/mine', headers: { cookie } });
    const counted = gramsCountedOn(mine.json<Order[]>(), '2026-11-30');
    expect(counted).toEqual({ cannabis: 21, concentrate: 0 });
    const cart = { cannabis: 14, concentrate: 0 };
    const [meter] = purchaseLimitStatus(RULE_SETS['US-CA'], '2026-11-30', cart, counted);
    expect(meter).toMatchObject({ remainingGrams: -6.5, over: true });
    const refused = await place([cartLine(dream, '1/2 Oz')], { phone: '555-0191', cookie });
    expect(refused.json()).toMatchObject({ code: 'PURCHASE_LIMIT', remaining: 7.5 });
  });

  it('lets one of ten simultaneous ounces of one shopper through', async () => {
    at(MONDAY_NOON);
    const first = await place([cartLine(product('Rolling Papers'), '1')], { phone: '555-0170' });
    const cookie = cookieOf(first);
    // ten different strains, so no product row makes the orders wait on each other
    const ounces = all.filter((p) => p.category === 'flower').slice(0, 10);
    expect(ounces).toHaveLength(10);
    const answers = await Promise.all(
      ounces.map((strain) => place([cartLine(strain, '1 Oz')], { phone: '555-0170', cookie })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
  });

  it('stops counting an order the shop voided', async () => {
    at(MONDAY_NOON);
    const dream = product('Blue Dream');
    const ounce = await place([cartLine(dream, '1 Oz')], { phone: '555-0160' });
    expect(ounce.statusCode).toBe(201);
    const eighth = [cartLine(dream, '1/8 Oz')];
    const again = { phone: '555-0160', cookie: cookieOf(ounce) };
    expect((await place(eighth, again)).statusCode).toBe(409);
    const voided = await send('PATCH', `/api/orders/${ounce.json<Order>().id}/status`, {
      status: 'cancelled',
      reason: 'Customer called to cancel',
    });
    expect(voided.statusCode).toBe(200);
    expect((await place(eighth, again)).statusCode).toBe(201);
  });

  it('counts concentrates on their own limit and refuses Bulk of a limited product', async () => {
    at(MONDAY_NOON);
    const sauce = product('Live Resin Sauce');
    const nine = await place([cartLine(sauce, '1', 9)], { phone: '555-0130' });
    expect(nine.statusCode).toBe(409);
    expect(nine.json()).toMatchObject({ kind: 'concentrate', limit: 8, requested: 9 });
    const bulk = await place([cartLine(product('Blue Dream'), 'Bulk')], { phone: '555-0131' });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json()).toMatchObject({ code: 'BULK_OVER_LIMITS' });
  });

  it('lets the dealer define delivery zones, dealer-only, one zone per postal code', async () => {
    const zone = {
      name: 'Mission',
      postalCodes: ['94110', '94103'],
      fee: 7,
      minimum: 60,
      freeDeliveryOver: 150,
      note: '45-90 min',
    };
    expect((await send('POST', '/api/delivery-zones', zone, true)).statusCode).toBe(401);
    const bad = await send('POST', '/api/delivery-zones', { ...zone, postalCodes: ['941'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      path: 'postalCodes.0',
      message: 'must be a five-digit postal code',
    });
    const created = await send('POST', '/api/delivery-zones', zone);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...zone, salesTaxRate: null });
    const overlap = await send('POST', '/api/delivery-zones', {
      ...zone,
      name: 'SoMa',
      postalCodes: ['94103'],
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toEqual({
      error: '94103 is already in the zone Mission',
      code: 'POSTAL_CODE_IN_OTHER_ZONE',
    });
    const listed = await t.app.inject('/api/delivery-zones');
    expect(listed.json()).toEqual([created.json()]);
  });

  it('prices a delivery by its zone and refuses an address outside every zone; pickup ignores zones', async () => {
    at(MONDAY_NOON);
    const zones = (await t.app.inject('/api/delivery-zones')).json<{ id: number }[]>();
    const mission = { feeCents: 700, minimumCents: 6000, freeDeliveryOverCents: 15000 };
    const delivery = (items: CartItem[], postalCode: string, phone: string) =>
      place(items, {
        orderType: 'delivery',
        address: `12 Elm Street, San Francisco CA ${postalCode}`,
        phone,
        pricing: { ...californiaTax('2026-11-30'), delivery: mission },
      });
    const dream = product('Blue Dream');
    const outside = await delivery([cartLine(dream, '1/4 Oz')], '94999', '555-0140');
    expect(outside.statusCode).toBe(409);
    expect(outside.json()).toEqual({
      error: "We don't deliver to 94999 yet",
      code: 'OUTSIDE_DELIVERY_AREA',
      postalCode: '94999',
    });
    // $55 of goods: over the spec's $50, under the zone's $60
    const under = await delivery([cartLine(product('Gelato #41'), '1/8 Oz')], '94110', '555-0141');
    expect(under.statusCode).toBe(400);
    expect(under.json().message).toBe(
      `Delivery orders require a minimum of $60. Your current total is $${product('Gelato #41').salePrice?.toFixed(2)}.`,
    );
    const inside = await delivery([cartLine(dream, '1/4 Oz')], '94110', '555-0142');
    expect(inside.statusCode).toBe(201);
    expect(inside.json<Order>()).toMatchObject({ deliveryFee: 7, orderType: 'delivery' });
    const freeDelivery = await delivery([cartLine(dream, '1/2 Oz')], '94103', '555-0143');
    expect(freeDelivery.statusCode).toBe(201);
    expect(freeDelivery.json<Order>().deliveryFee).toBe(0);
    const pickup = await place([cartLine(dream, '1/8 Oz')], {
      address: '1 Far Away Road 99999',
      phone: '555-0144',
    });
    expect(pickup.statusCode).toBe(201);
    expect((await send('DELETE', `/api/delivery-zones/${zones[0].id}`)).statusCode).toBe(204);
    expect((await t.app.inject('/api/delivery-zones')).json()).toEqual([]);
    const anywhere = await place([cartLine(dream, '1/4 Oz')], {
      orderType: 'delivery',
      address: '12 Elm Street, San Francisco, CA 94999',
      phone: '555-0145',
      pricing: { ...californiaTax('2026-11-30'), delivery: DEFAULT_DELIVERY_TERMS },
    });
    expect(anywhere.statusCode).toBe(201);
    expect(anywhere.json<Order>().deliveryFee).toBe(5);
  });

  it('counts nothing and adds no taxes once the dealer sets the rule set back to none', async () => {
    await send('PATCH', '/api/dealer-settings', { jurisdiction: 'none' });
    at(MONDAY_NOON);
    const dream = product('Blue Dream');
    const res = await place([cartLine(dream, '1 Oz', 2)], { phone: '555-0150', pricing: {} });
    expect(res.statusCode).toBe(201);
    expect(res.json<Order>().taxes).toEqual([]);
  });
});
