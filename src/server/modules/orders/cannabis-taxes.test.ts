import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import {
  browserTotal,
  cartLine,
  orderBody,
  productsByName,
  setStock,
} from '../../../../test/orders-fixtures';
import type { CatalogImportResult } from '../../../shared/catalog-csv';
import { RULE_SETS } from '../../../shared/compliance/rule-sets';
import type { Order } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';

// Monday 30 November 2026, noon in Los Angeles: the excise rate is 15%
const MONDAY_NOON = new Date('2026-11-30T20:00:00Z');

describe.each(BACKENDS)('taxes as CDTFA computes them on %s', (dialect) => {
  let t: TestApp;
  let send: Awaited<ReturnType<typeof dealerClient>>['send'];
  let cookie: string;
  let products: Map<string, Product>;

  const product = (name: string) => products.get(name) as Product;
  const catalog = async () => productsByName(t.app);
  const at = (instant: Date) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(instant);
  };
  const placeOrder = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/orders/simple', payload: body });
  const orderRows = async (id: number) => ({
    grams: await t.db.kysely
      .selectFrom('orders')
      .select(['cannabis_grams', 'concentrate_grams'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    lines: await t.db.kysely
      .selectFrom('order_items')
      .select(['name', 'cannabis'])
      .where('order_id', '=', id)
      .orderBy('id')
      .execute(),
  });
  const storedRates = async () =>
    t.db.kysely
      .selectFrom('dealer_settings')
      .select(['sales_tax_rate', 'local_tax_rate'])
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SHOP_TIMEZONE: 'America/Los_Angeles' } });
    ({ send, cookie } = await dealerClient(t));
    await setStock(t, 10_000);
    products = await catalog();
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => t.dispose());

  it('takes tax rates to a thousandth of a percent and stores 9.125% exactly', async () => {
    const settings = { jurisdiction: 'US-CA', salesTaxRate: 9.125, localTaxRate: 10 };
    expect((await send('PATCH', '/api/dealer-settings', settings)).statusCode).toBe(200);
    expect((await t.app.inject('/api/dealer-settings')).json()).toMatchObject(settings);
    expect(await storedRates()).toEqual({ sales_tax_rate: 9.125, local_tax_rate: 10 });
    const finer = await send('PATCH', '/api/dealer-settings', { localTaxRate: 0.1255 });
    expect(finer.statusCode).toBe(400);
    expect(finer.json().errors[0]).toEqual({
      path: 'localTaxRate',
      message: 'can have at most 3 decimals',
    });

    const zone = { name: 'Mission', postalCodes: ['94110'], fee: 5, minimum: 60 };
    const created = await send('POST', '/api/delivery-zones', { ...zone, salesTaxRate: 9.125 });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...zone, salesTaxRate: 9.125 });
    const row = await t.db.kysely
      .selectFrom('delivery_zones')
      .select('sales_tax_rate')
      .executeTakeFirstOrThrow();
    expect(row.sales_tax_rate).toBe(9.125);
    const refused = await send('POST', '/api/delivery-zones', {
      ...zone,
      name: 'SoMa',
      postalCodes: ['94103'],
      salesTaxRate: 8.6251,
    });
    expect(refused.json().errors[0]).toEqual({
      path: 'salesTaxRate',
      message: 'can have at most 3 decimals',
    });
  });

  it('charges excise on the flower of an order and none on its glass pipe', async () => {
    at(MONDAY_NOON);
    const items = [cartLine(product('Blue Dream'), '1/4 Oz'), cartLine(product('Glass Pipe'), '1')];
    // $85.50 of flower, a $30.00 pipe, the Mission's $5 fee, 10% local, 9.125% sales tax:
    // local 10% of 85.50 = 8.55; excise 15% of 85.50 + 5.00 + 8.55 = 99.05 -> 14.8575 -> 14.86;
    // sales 9.125% of 99.05 + 14.86 + 30.00 = 143.91 -> 13.1317875 -> 13.13
    // total: 85.50 + 30.00 + 5.00 + 8.55 + 14.86 + 13.13 = 157.04
    const terms = {
      delivery: { feeCents: 500, minimumCents: 6_000, freeDeliveryOverCents: null },
      tax: {
        ruleSet: RULE_SETS['US-CA'],
        date: '2026-11-30',
        rates: { salesTaxPercent: 9.125, localTaxPercent: 10 },
      },
    };
    const all = [...products.values()];
    expect(browserTotal(items, all, 'delivery', null, terms)).toBe(157.04);
    const res = await placeOrder(
      orderBody(items, all, {
        orderType: 'delivery',
        address: '12 Elm Street, San Francisco CA 94110',
        phone: '555-0301',
        total: 157.04,
      }),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    expect(order.taxes).toEqual([
      { name: 'Local cannabis business tax', rate: 10, amount: 8.55 },
      { name: 'Cannabis excise tax', rate: 15, amount: 14.86 },
      { name: 'Sales tax', rate: 9.125, amount: 13.13 },
    ]);
    expect(order.total).toBe(157.04);
    expect(order.items.map((item) => [item.name, item.cannabis])).toEqual([
      ['Blue Dream', true],
      ['Glass Pipe', false],
    ]);
    // the pipe counts toward no daily limit: the quarter's 7 g only
    expect(await orderRows(order.id)).toEqual({
      grams: { cannabis_grams: 7, concentrate_grams: 0 },
      lines: [
        { name: 'Blue Dream', cannabis: 1 },
        { name: 'Glass Pipe', cannabis: 0 },
      ],
    });
  });

  it('charges a pickup of pipes sales tax alone, rounded half up at 9.125%', async () => {
    at(MONDAY_NOON);
    const items = [cartLine(product('Glass Pipe'), '1', 2)];
    // sales 9.125% of 60.00 = 5.475 -> 5.48; local and excise on no cannabis: 0
    const all = [...products.values()];
    const res = await placeOrder(orderBody(items, all, { phone: '555-0302', total: 65.48 }));
    expect(res.statusCode).toBe(201);
    expect(res.json<Order>().taxes).toEqual([
      { name: 'Local cannabis business tax', rate: 10, amount: 0 },
      { name: 'Cannabis excise tax', rate: 15, amount: 0 },
      { name: 'Sales tax', rate: 9.125, amount: 5.48 },
    ]);
  });

  it('keeps the cannabis flag through the product API and the catalog CSV', async () => {
    expect([product('Glass Pipe').cannabis, product('Blue Dream').cannabis]).toEqual([false, true]);
    const hoodie = await send('POST', '/api/products', {
      name: 'Canopy Hoodie',
      category: 'accessories',
      price: 40,
      stock: 5,
      cannabis: false,
    });
    expect(hoodie.statusCode).toBe(201);
    expect(hoodie.json<Product>().cannabis).toBe(false);
    const joint = await send('POST', '/api/products', {
      name: 'House Joint',
      category: 'prerolls',
      price: 8,
      stock: 5,
      cannabisGrams: 1,
    });
    expect(joint.json<Product>().cannabis).toBe(true);
    const hoodieId = hoodie.json<Product>().id;
    const repriced = await send('PATCH', `/api/products/${hoodieId}`, { price: 42 });
    expect(repriced.json<Product>()).toMatchObject({ price: 42, cannabis: false });
    const wrong = await send('PATCH', `/api/products/${hoodieId}`, { cannabis: 'maybe' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({
      path: 'cannabis',
      message: 'must be true or false',
    });

    const exported = await t.app.inject({
      url: '/api/products/export.csv',
      headers: { cookie },
    });
    const rows: Record<string, string>[] = parse(exported.body, { bom: true, columns: true });
    const flagOf = (name: string) => rows.find((row) => row.name === name)?.cannabis;
    expect([flagOf('Canopy Hoodie'), flagOf('House Joint'), flagOf('Glass Pipe')]).toEqual([
      'false',
      'true',
      'false',
    ]);
    // a cannabis product states its grams under US-CA, so the hoodie gains some
    const csv = [
      'id,cannabis,cannabisGrams',
      `${hoodieId},yes,1`,
      `${joint.json<Product>().id},no,1`,
      `${product('Glass Pipe').id},false,0`,
    ].join('\r\n');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/products/import?apply=true',
      payload: csv,
      headers: { cookie, 'content-type': 'text/csv' },
    });
    expect(imported.json<CatalogImportResult>().counts).toEqual({
      add: 0,
      update: 2,
      skip: 1,
      error: 0,
    });
    const after = await catalog();
    expect(
      ['Canopy Hoodie', 'House Joint', 'Glass Pipe'].map((name) => after.get(name)?.cannabis),
    ).toEqual([true, false, false]);
  });
});
