import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, stockedCatalog } from '../../../../test/orders-fixtures';
import { signaturePng } from '../../../../test/signature';
import { type Send, staffClient } from '../../../../test/staff';
import { RULE_SETS } from '../../../shared/compliance/rule-sets';
import type { QuantityLabel } from '../../../shared/constants';
import { type PriceCartInput, priceCart } from '../../../shared/pricing';
import { toAppliedPromotion } from '../../../shared/promotions';
import type { SalesReport, TaxReport } from '../../../shared/reports';
import type { Category } from '../../../shared/schemas/categories';
import type { Order } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';
import type { Promotion } from '../../../shared/schemas/promotions';
import { shopDayStart } from '../../../shared/shop-clock';
import { pricingLines } from '../../../web/features/checkout/checkout-rules';

const ZONE = 'America/Los_Angeles';
const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const SHOP_RATES = { salesTaxPercent: 9.5, localTaxPercent: 10 };
const MISSION_RATES = { salesTaxPercent: 8.625, localTaxPercent: 10 };
const MISSION_FEE = { feeCents: 500, minimumCents: 2_000, freeDeliveryOverCents: null };
const cents = (dollars: number) => Math.round(dollars * 100);

interface Placed {
  order: Order;
  /** what the shop's pricing engine says the order's taxes were levied on */
  pricing: ReturnType<typeof priceCart>;
  salesRate: number;
  placedAt: Date;
}

/**
 * Every figure of the reports against sums the test makes itself from the orders it
 * placed through the checkout, in the first quarter of 2026 (daylight saving time begins on
 * 8 March in Los Angeles).
 */
describe.each(BACKENDS)('the owner’s reports on %s', (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof dealerClient>>;
  let dispatcher: Awaited<ReturnType<typeof staffClient>>;
  let products: Map<string, Product>;
  let welcome: Promotion;
  let categoryNames: Map<string, string>;
  let shopAt = new Date('2026-01-14T18:00:00Z');
  let idNumbers = 0;
  const placed: Placed[] = [];
  let returnedCents = 0;

  /** The shop's wall clock: `date` at `time` in Los Angeles. */
  const at = (date: string, time: string) => {
    const [hours = 0, minutes = 0] = time.split(':').map(Number);
    return new Date(shopDayStart(date, ZONE).getTime() + (hours * 60 + minutes) * 60_000);
  };
  const setStatus = (send: Send, id: number, status: string, extra: object = {}) =>
    send('PATCH', `/api/orders/${id}/status`, { status, ...extra });
  const idOf = () => ({
    method: 'manual',
    firstName: 'Jamie',
    lastName: 'Rivera',
    dateOfBirth: '1990-01-15',
    expiry: '2030-01-31',
    idNumber: `R${String(++idNumbers).padStart(7, '0')}`,
    state: 'CA',
  });

  async function place(
    when: Date,
    lines: [string, QuantityLabel, number?][],
    options: {
      orderType?: 'pickup' | 'delivery' | 'scheduled';
      promo?: boolean;
      extra?: object;
    } = {},
  ): Promise<Placed> {
    shopAt = when;
    const orderType = options.orderType ?? 'pickup';
    const delivered = orderType !== 'pickup';
    const items = lines.map(([name, quantity, count]) =>
      cartLine(products.get(name) as Product, quantity, count ?? 1),
    );
    const all = [...products.values()];
    const promotion = options.promo ? welcome : null;
    const saleDate =
      orderType === 'scheduled'
        ? (options.extra as { deliveryDate: string }).deliveryDate
        : new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(when);
    const rates = delivered ? MISSION_RATES : SHOP_RATES;
    const terms: Pick<PriceCartInput, 'delivery' | 'tax'> = {
      ...(delivered ? { delivery: MISSION_FEE } : {}),
      tax: { ruleSet: RULE_SETS['US-CA'], date: saleDate, rates },
    };
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody(items, all, {
        orderType,
        customer: 'Jamie Rivera',
        phone: `415-555-${String(1000 + placed.length)}`,
        ...(delivered ? { address: '12 Elm Street, San Francisco, CA 94110' } : {}),
        ...(promotion ? { promoCode: 'WELCOME10', promotion } : {}),
        pricing: terms,
        ...options.extra,
      }),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const pricing = priceCart({
      lines: pricingLines(items, all, null),
      promotion: promotion ? toAppliedPromotion(promotion) : null,
      orderType,
      ...terms,
    });
    const entry = {
      order: answer.json<Order>(),
      pricing,
      salesRate: rates.salesTaxPercent,
      placedAt: when,
    };
    placed.push(entry);
    return entry;
  }

  async function handOver(entry: Placed) {
    const { id, orderType } = entry.order;
    if (orderType === 'pickup') await setStatus(dispatcher.send, id, 'ready');
    else await setStatus(dispatcher.send, id, 'accepted');
    const check = await dispatcher.send('POST', `/api/orders/${id}/id-check`, idOf());
    expect(check.json<Order>().idCheck?.passed, check.body).toBe(true);
    const done = await setStatus(
      dispatcher.send,
      id,
      'completed',
      orderType === 'pickup' ? {} : { signature: await signaturePng() },
    );
    expect(done.statusCode, done.body).toBe(200);
    entry.order = done.json<Order>();
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      seed: true,
      env: { SHOP_TIMEZONE: ZONE },
      clock: () => shopAt,
    });
    owner = await dealerClient(t);
    dispatcher = await staffClient(t, owner, 'dispatcher', 'pat');
    const rules = {
      jurisdiction: 'US-CA',
      salesTaxRate: 9.5,
      localTaxRate: 10,
      availableDays: EVERY_DAY,
      deliveryHours: JSON.stringify(['11:00 AM - 1:00 PM', '1:00 PM - 3:00 PM']),
    };
    expect((await owner.send('PATCH', '/api/dealer-settings', rules)).statusCode).toBe(200);
    const zone = {
      name: 'Mission',
      postalCodes: ['94110'],
      fee: 5,
      minimum: 20,
      salesTaxRate: 8.625,
    };
    expect((await owner.send('POST', '/api/delivery-zones', zone)).statusCode).toBe(201);
    products = await stockedCatalog(t);
    const promotions = (await t.app.inject('/api/promotions')).json<Promotion[]>();
    welcome = promotions.find((p) => p.promoCode === 'WELCOME10')!;
    const categories = (await t.app.inject('/api/categories')).json<Category[]>();
    categoryNames = new Map(categories.map((c) => [c.slug, c.name]));

    // January: a pickup with a pipe and a code in the morning, a Mission delivery at night
    await handOver(
      await place(
        at('2026-01-14', '10:15'),
        [
          ['Blue Dream', '1/8 Oz'],
          ['Glass Pipe', '1'],
        ],
        {
          promo: true,
        },
      ),
    );
    await handOver(
      await place(at('2026-01-14', '19:40'), [['Gelato #41', '1/4 Oz']], { orderType: 'delivery' }),
    );
    // February: a pipe alone (no excise), and a delivery voided
    await handOver(await place(at('2026-02-03', '09:05'), [['Glass Pipe', '1', 2]]));
    const voided = await place(at('2026-02-03', '12:30'), [['Blue Dream', '1/8 Oz']], {
      orderType: 'delivery',
    });
    const voiding = await setStatus(dispatcher.send, voided.order.id, 'cancelled', {
      reason: 'Customer called to cancel',
    });
    expect(voiding.statusCode, voiding.body).toBe(200);
    voided.order = voiding.json<Order>();
    // March: Saturday night before the clocks change, returned in part the Monday after
    const saturday = await place(at('2026-03-07', '21:30'), [['Blue Dream', '1/8 Oz', 2]]);
    await handOver(saturday);
    shopAt = at('2026-03-09', '07:00');
    const line = saturday.order.items[0]!;
    const back = await dispatcher.send('POST', `/api/orders/${saturday.order.id}/returns`, {
      reason: 'Damaged package',
      items: [{ lineId: line.lineId, count: 1 }],
    });
    expect(back.statusCode, back.body).toBe(200);
    returnedCents = cents(line.price);
    await handOver(
      await place(
        at('2026-03-09', '08:10'),
        [
          ['Blue Dream', '1/4 Oz'],
          ['Glass Pipe', '1'],
        ],
        {
          orderType: 'delivery',
          promo: true,
        },
      ),
    );
    await place(at('2026-03-09', '13:00'), [['Gelato #41', '1/8 Oz']], {
      orderType: 'scheduled',
      extra: { deliveryDate: '2026-03-10', deliveryTimeWindow: '1:00 PM - 3:00 PM' },
    });
    await place(at('2026-03-09', '15:00'), [['Blue Dream', '1/8 Oz']]);
    shopAt = at('2026-03-31', '20:00');
  }, 120_000);
  afterAll(() => t.dispose());

  const sales = async (query: string) => {
    const answer = await owner.send('GET', `/api/reports/sales?${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<SalesReport>();
  };
  const taxes = async (period: string) => {
    const answer = await owner.send('GET', `/api/reports/taxes?period=${period}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<TaxReport>();
  };
  const shopDate = (instant: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(instant);
  const inRange = (from: string, to: string) =>
    placed.filter((p) => shopDate(p.placedAt) >= from && shopDate(p.placedAt) <= to);
  const isSale = (p: Placed) => !['cancelled', 'returned'].includes(p.order.status);
  const sum = (list: Placed[], of: (p: Placed) => number) =>
    list.reduce((total, p) => total + of(p), 0);

  it('answers 401 without a session, 403 without the reports permission, 400 for a bad period', async () => {
    const anonymous = await owner.send(
      'GET',
      '/api/reports/sales?from=2026-01-01&to=2026-01-31',
      undefined,
      true,
    );
    expect(anonymous.statusCode).toBe(401);
    const support = await staffClient(t, owner, 'support', 'sky');
    for (const url of [
      '/api/reports/sales?from=2026-01-01&to=2026-01-31',
      '/api/reports/taxes?period=2026-Q1',
      '/api/reports/sales.csv?from=2026-01-01&to=2026-01-31&table=revenue',
    ])
      expect((await support.send('GET', url)).statusCode).toBe(403);
    const backwards = await owner.send('GET', '/api/reports/sales?from=2026-02-01&to=2026-01-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([{ path: 'to', message: 'must not be before from' }]);
    const badPeriod = await owner.send('GET', '/api/reports/taxes?period=2026-Q5');
    expect(badPeriod.statusCode).toBe(400);
  });

  it('sums the quarter’s sales, types, statuses, products, categories, promotions and voids', async () => {
    const report = await sales('from=2026-01-01&to=2026-03-31&compare=true');
    const all = inRange('2026-01-01', '2026-03-31');
    const sold = all.filter(isSale);
    const revenue = sum(sold, (p) => cents(p.order.total));
    expect(report.totals).toEqual({
      orders: 7,
      revenueCents: revenue,
      averageOrderCents: Math.round(revenue / 7),
      discountCents: sum(sold, (p) => cents(p.order.discountAmount)),
    });
    // the quarter before had no orders
    expect(report.previous).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(report.previousTotals).toEqual({
      orders: 0,
      revenueCents: 0,
      averageOrderCents: 0,
      discountCents: 0,
    });
    expect(report.bucket).toBe('day');
    expect(report.series).toHaveLength(90);
    const days = new Map<string, { orders: number; revenueCents: number }>();
    for (const p of sold) {
      const day = days.get(shopDate(p.placedAt)) ?? { orders: 0, revenueCents: 0 };
      day.orders += 1;
      day.revenueCents += cents(p.order.total);
      days.set(shopDate(p.placedAt), day);
    }
    expect(
      report.series
        .filter((point) => point.orders > 0)
        .map(({ key, orders, revenueCents }) => [key, { orders, revenueCents }]),
    ).toEqual([...days.entries()].sort());

    const types = ['delivery', 'scheduled', 'pickup'].map((type) => {
      const of = sold.filter((p) => p.order.orderType === type);
      return { type, orders: of.length, revenueCents: sum(of, (p) => cents(p.order.total)) };
    });
    expect(report.byType).toEqual(types);
    expect(types.map((type) => type.orders)).toEqual([2, 1, 4]);

    const statuses = new Map<
      string,
      { status: string; type: string; orders: number; totalCents: number }
    >();
    for (const p of all) {
      const key = `${p.order.status}/${p.order.orderType}`;
      const entry = statuses.get(key) ?? {
        status: p.order.status,
        type: p.order.orderType,
        orders: 0,
        totalCents: 0,
      };
      entry.orders += 1;
      entry.totalCents += cents(p.order.total);
      statuses.set(key, entry);
    }
    expect(report.byStatus).toEqual(
      expect.arrayContaining([...statuses.values()].map((s) => expect.objectContaining(s))),
    );
    expect(report.byStatus).toHaveLength(statuses.size);

    const byProduct = new Map<string, { revenueCents: number; units: number }>();
    const byCategory = new Map<string, { revenueCents: number; units: number }>();
    for (const p of sold)
      for (const item of p.order.items) {
        const product = products.get(item.name)!;
        for (const [map, key] of [
          [byProduct, item.name],
          [byCategory, categoryNames.get(product.category)!],
        ] as const) {
          const entry = map.get(key) ?? { revenueCents: 0, units: 0 };
          entry.revenueCents += cents(item.price) * item.count;
          entry.units += item.count;
          map.set(key, entry);
        }
      }
    const ranked = (map: Map<string, { revenueCents: number; units: number }>) =>
      [...map.entries()].map(([name, v]) => ({ name, ...v }));
    expect(report.topProductsByRevenue).toEqual(
      ranked(byProduct).sort((a, b) => b.revenueCents - a.revenueCents),
    );
    expect(report.topProductsByUnits.map((r) => r.units)).toEqual(
      ranked(byProduct)
        .map((r) => r.units)
        .sort((a, b) => b - a),
    );
    expect(report.topCategoriesByRevenue).toEqual(
      ranked(byCategory).sort((a, b) => b.revenueCents - a.revenueCents),
    );
    expect(new Set(report.topCategoriesByUnits.map((r) => r.name))).toEqual(
      new Set(byCategory.keys()),
    );

    const coded = sold.filter((p) => p.order.promoCode === 'WELCOME10');
    expect(coded).toHaveLength(2);
    expect(report.promotions).toEqual([
      {
        code: 'WELCOME10',
        orders: 2,
        discountCents: sum(coded, (p) => cents(p.order.discountAmount)),
      },
    ]);

    const voided = all.filter((p) => p.order.status === 'cancelled');
    expect(report.returns).toEqual({
      voided: { orders: 1, totalCents: cents(voided[0]!.order.total) },
      returnedUndelivered: { orders: 0, totalCents: 0 },
      returnedAfterHandover: { returns: 1, units: 1, goodsCents: returnedCents },
    });
  });

  it('puts each order in the weekday and hour of the shop’s clock, across the change to daylight time', async () => {
    const report = await sales('from=2026-01-01&to=2026-03-31&compare=false');
    expect(report.previousTotals).toBeNull();
    const clock = new Intl.DateTimeFormat('en-US', {
      timeZone: ZONE,
      weekday: 'short',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    const cells = new Map<string, number>();
    for (const p of inRange('2026-01-01', '2026-03-31').filter(isSale)) {
      const parts = clock.formatToParts(p.placedAt);
      const weekday = weekdays.indexOf(parts.find((x) => x.type === 'weekday')!.value);
      const hour = Number(parts.find((x) => x.type === 'hour')!.value);
      cells.set(`${weekday}/${hour}`, (cells.get(`${weekday}/${hour}`) ?? 0) + 1);
    }
    expect(report.heatmap.map((c) => `${c.weekday}/${c.hour}=${c.orders}`).sort()).toEqual(
      [...cells.entries()].map(([k, v]) => `${k}=${v}`).sort(),
    );
    // Monday 9 March, Pacific daylight time: 08:10, 13:00 and 15:00 on the shop's clock
    const monday = await sales('from=2026-03-09&to=2026-03-09');
    expect(monday.bucket).toBe('hour');
    expect(monday.series).toHaveLength(24);
    expect(monday.series.filter((h) => h.orders > 0).map((h) => h.key)).toEqual(['08', '13', '15']);
    expect(monday.previous).toEqual({ from: '2026-03-08', to: '2026-03-08' });
    // Saturday 7 March, standard time: 21:30
    const saturday = await sales('from=2026-03-07&to=2026-03-07');
    expect(saturday.series.filter((h) => h.orders > 0).map((h) => h.key)).toEqual(['21']);
  });

  it('compares February with January', async () => {
    const report = await sales('from=2026-02-01&to=2026-02-28');
    expect(report.previous).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    const january = inRange('2026-01-01', '2026-01-31').filter(isSale);
    expect(report.previousTotals).toMatchObject({
      orders: january.length,
      revenueCents: sum(january, (p) => cents(p.order.total)),
    });
    expect(report.totals.orders).toBe(1);
    expect(report.series[13]).toMatchObject({ key: '2026-02-14', orders: 0, previousOrders: 2 });
  });

  it('reconciles the quarter’s tax report to the cent with the orders handed over', async () => {
    const report = await taxes('2026-Q1');
    expect(report.label).toBe('Q1 2026 (January–March)');
    const handed = placed.filter((p) => p.order.status === 'completed');
    expect(handed).toHaveLength(5);
    const line = (p: Placed, name: string) =>
      cents(p.order.taxes.find((tax) => tax.name === name)?.amount ?? 0);
    const expected = {
      orders: 5,
      totalCents: sum(handed, (p) => cents(p.order.total)),
      cannabisGoodsCents: sum(handed, (p) => p.pricing.goodsParts.cannabisCents),
      nonCannabisGoodsCents: sum(handed, (p) => p.pricing.goodsParts.nonCannabisCents),
      deliveryFeeCents: sum(handed, (p) =>
        p.pricing.goodsParts.cannabisCents > 0 ? p.pricing.feeCents : 0,
      ),
      localTaxCents: sum(handed, (p) => line(p, 'Local cannabis business tax')),
      exciseBaseCents: sum(handed, (p) => p.pricing.taxBases.exciseTax ?? 0),
      exciseCents: sum(handed, (p) => line(p, 'Cannabis excise tax')),
      salesTaxBaseCents: sum(handed, (p) => p.pricing.taxBases.salesTax ?? 0),
      salesTaxCents: sum(handed, (p) => line(p, 'Sales tax')),
    };
    // the stored taxes are those the pricing engine computes
    for (const p of handed) expect(cents(p.order.total)).toBe(p.pricing.totalCents);
    expect(report.totals).toEqual(expected);
    expect(report.totals.exciseCents).toBeGreaterThan(0);
    expect(report.months.map((m) => [m.month, m.orders])).toEqual([
      ['2026-01', 2],
      ['2026-02', 1],
      ['2026-03', 2],
    ]);
    const byRate = (rate: number) => handed.filter((p) => p.salesRate === rate);
    expect(report.salesTaxByRate).toEqual([
      {
        ratePercent: 9.5,
        zones: ['The shop (pickups and zones without a rate)'],
        orders: byRate(9.5).length,
        baseCents: sum(byRate(9.5), (p) => p.pricing.taxBases.salesTax ?? 0),
        taxCents: sum(byRate(9.5), (p) => line(p, 'Sales tax')),
      },
      {
        ratePercent: 8.625,
        zones: ['Mission'],
        orders: byRate(8.625).length,
        baseCents: sum(byRate(8.625), (p) => p.pricing.taxBases.salesTax ?? 0),
        taxCents: sum(byRate(8.625), (p) => line(p, 'Sales tax')),
      },
    ]);
    expect(report.returnsAfterHandover).toEqual({
      returns: 1,
      units: 1,
      goodsCents: returnedCents,
    });
    expect(report.voided.orders).toBe(1);
    const lines = new Map(report.returnLines.map((l) => [`${l.line}: ${l.label}`, l.cents]));
    expect(lines.get('Summary by location: Cannabis excise tax collected (due)')).toBe(
      expected.exciseCents,
    );
    // returned taxable merchandise is a deduction (CDTFA-401 Section B, line 4): line 12 is net of it
    expect(
      lines.get('Line 12: Transactions subject to tax (the sales-tax base, less returned goods)'),
    ).toBe(expected.salesTaxBaseCents - returnedCents);
    expect(lines.get('Line 1: Total (gross) sales')).toBe(
      expected.totalCents - expected.salesTaxCents,
    );
  });

  it('reports a month on its own, and downloads a chart’s table as a CSV', async () => {
    const march = await taxes('2026-03');
    expect(march.label).toBe('March 2026');
    expect(march.totals.orders).toBe(2);
    const csv = await owner.send(
      'GET',
      '/api/reports/sales.csv?from=2026-01-01&to=2026-03-31&table=promotions',
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="canopy-promotions-2026-01-01-to-2026-03-31.csv"',
    );
    const discount = sum(
      placed.filter((p) => p.order.promoCode === 'WELCOME10' && isSale(p)),
      (p) => cents(p.order.discountAmount),
    );
    expect(parse(csv.body)).toEqual([
      ['Promotion', 'Orders', 'Discount given'],
      ['WELCOME10', '2', `$${(discount / 100).toFixed(2)}`],
    ]);
    const taxCsv = await owner.send('GET', '/api/reports/taxes.csv?period=2026-Q1');
    expect(parse(taxCsv.body)[0]).toEqual(['Form', 'Line', 'What', 'Amount']);
  });
});
