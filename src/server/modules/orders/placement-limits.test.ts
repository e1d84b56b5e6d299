import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../../test/orders-fixtures';
import { addDays, formatDateOnly, weekdayOfDate } from '../../../shared/availability';
import type { Order } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';
import { loadConfig } from '../../config';
import { RATE_LIMITED_MESSAGE } from './placement-limits';

const shopper = (n: number) => `canopy_shopper=limit-shopper-${String(n).padStart(16, '0')}`;

describe('ORDER_RATE_LIMIT configuration', () => {
  it('13.9 defaults to 10 per shopper and 60 per address, accepts off, refuses nonsense', () => {
    const dir = { DATA_DIR: '.data-config-13-9' };
    expect(loadConfig(dir).ORDER_RATE_LIMIT).toEqual({ perShopper: 10, perAddress: 60 });
    expect(loadConfig({ ...dir, ORDER_RATE_LIMIT: ' 5,40 ' }).ORDER_RATE_LIMIT).toEqual({
      perShopper: 5,
      perAddress: 40,
    });
    expect(loadConfig({ ...dir, ORDER_RATE_LIMIT: 'OFF' }).ORDER_RATE_LIMIT).toBeNull();
    for (const bad of ['0,60', '10', 'ten,60', '10;60']) {
      expect(() => loadConfig({ ...dir, ORDER_RATE_LIMIT: bad })).toThrow(
        `Invalid configuration: ORDER_RATE_LIMIT must be off or <perShopper>,<perAddress>`,
      );
    }
  });
});

describe.each(BACKENDS)('order placement limits on %s', (dialect) => {
  let t: TestApp;
  let all: Product[];
  let gummies: Product;

  const place = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([cartLine(gummies, '1')], all),
      headers,
      remoteAddress,
    });

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { ORDER_RATE_LIMIT: '3,5' } });
    const products = await productsByName(t.app);
    all = [...products.values()];
    gummies = products.get('Sleepy Berry Gummies')!;
  });
  afterAll(() => t.dispose());

  it('13.9 answers 429 RATE_LIMITED with Retry-After past the per-shopper and per-address limits', async () => {
    const stockBefore = (await productsByName(t.app)).get(gummies.name)!.stock;
    const first = await Promise.all([1, 2, 3].map(() => place({ cookie: shopper(1) })));
    expect(first.map((r) => r.statusCode)).toEqual([201, 201, 201]);

    const fourth = await place({ cookie: shopper(1) });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ error: RATE_LIMITED_MESSAGE, code: 'RATE_LIMITED' });
    const retryAfter = Number(fourth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);

    // Another shopper on the same address has the address's last two places.
    expect((await place({ cookie: shopper(2) })).statusCode).toBe(201);
    expect((await place({})).statusCode).toBe(201);
    const overAddress = await place({ cookie: shopper(3) });
    expect(overAddress.statusCode).toBe(429);
    expect(overAddress.json().code).toBe('RATE_LIMITED');

    // Another address is not affected, and refused orders took no stock.
    expect((await place({ cookie: shopper(4) }, '10.1.2.3')).statusCode).toBe(201);
    const stockAfter = (await productsByName(t.app)).get(gummies.name)!.stock;
    expect(stockBefore - stockAfter).toBe(6);
  });
});

describe.each(BACKENDS)('open scheduled orders per shopper on %s', (dialect) => {
  let t: TestApp;
  let all: Product[];
  let dream: Product;

  const nextMonday = () => {
    for (let i = 1; i <= 7; i++) {
      const date = addDays(formatDateOnly(new Date()), i);
      if (weekdayOfDate(date) === 'monday') return date;
    }
    throw new Error('no Monday in a week');
  };
  // One weekly window holds 5 orders: 3 + another shopper's + one after a completion.
  const WINDOW = '1:00 PM - 3:00 PM';
  const schedule = (cookie: string, phone = '555-0101') =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([cartLine(dream, '1/4 Oz')], all, {
        phone,
        orderType: 'scheduled',
        deliveryDate: nextMonday(),
        deliveryTimeWindow: WINDOW,
      }),
      headers: { cookie },
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const products = await productsByName(t.app);
    all = [...products.values()];
    dream = products.get('Blue Dream')!;
  });
  afterAll(() => t.dispose());

  it('13.9 refuses a fourth open scheduled order with 409 SCHEDULED_ORDER_CAP until one is completed', async () => {
    const placed: Order[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await schedule(shopper(10));
      expect(res.statusCode).toBe(201);
      placed.push(res.json<Order>());
    }
    const stockBefore = (await productsByName(t.app)).get(dream.name)!.stock;
    const fourth = await schedule(shopper(10));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({
      error: 'Too many scheduled orders',
      code: 'SCHEDULED_ORDER_CAP',
    });
    expect(fourth.json().message).toContain('You already have 3 scheduled orders open');
    expect((await productsByName(t.app)).get(dream.name)!.stock).toBe(stockBefore);

    // Another shopper (another phone) is not capped by this one's orders; the same phone is
    // (one phone keeps at most 3 open, whatever the cookie).
    expect((await schedule(shopper(11), '555-0111')).statusCode).toBe(201);
    expect((await schedule(shopper(12))).json().code).toBe('SCHEDULED_ORDER_CAP');

    await t.db.kysely
      .updateTable('orders')
      .set({ status: 'completed' })
      .where('id', '=', placed[0].id)
      .execute();
    expect((await schedule(shopper(10))).statusCode).toBe(201);
  });
});
