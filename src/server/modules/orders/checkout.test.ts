import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import {
  cartLine,
  DELIVERY_ADDRESS,
  orderBody,
  productsByName,
  setStock,
} from '../../../../test/orders-fixtures';
import { addDays, formatDateOnly, weekdayOfDate } from '../../../shared/availability';
import type { Order } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';
import type { Promotion } from '../../../shared/schemas/promotions';
import { ensureDealer } from '../auth/service';

const DEALER = { username: 'boss', password: 'a-long-dealer-password' };

describe.each(BACKENDS)('order placement on %s', (dialect) => {
  let t: TestApp;
  let products: Map<string, Product>;
  let all: Product[];
  let dealerCookie: string;

  const place = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/orders/simple', payload: body as object, headers });
  const stockOf = async (name: string) => (await productsByName(t.app)).get(name)!.stock;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    products = await productsByName(t.app);
    all = [...products.values()];
    await ensureDealer(t.db.kysely, DEALER.username, DEALER.password);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: DEALER });
    dealerCookie = `canopy_dealer=${login.cookies.find((c) => c.name === 'canopy_dealer')!.value}`;
  });
  afterAll(() => t.dispose());

  it('places a pickup order priced by the server and takes the stock', async () => {
    const dream = products.get('Blue Dream')!;
    const before = await stockOf('Blue Dream');
    const res = await place(orderBody([cartLine(dream, '1/4 Oz', 2)], all));
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    // 1/4 Oz default = 1.9 x the 1/8 price: 45 x 1.9 = 85.50, twice, no fee for pickup
    expect(order).toMatchObject({
      status: 'pending',
      total: 171,
      deliveryFee: 0,
      address: 'PICKUP',
      orderType: 'pickup',
    });
    expect(order.items[0]).toMatchObject({
      id: dream.id,
      price: 85.5,
      quantity: '1/4 Oz',
      count: 2,
    });
    expect(await stockOf('Blue Dream')).toBe(before - 14);
  });

  it('lets 5 of 50 concurrent buyers have the last 5 units, answering the other 45 with what is left', async () => {
    const rosin = products.get('Rosin Jam')!;
    await setStock(t, 5, rosin.id);
    const body = orderBody([cartLine(rosin, '1', 1)], all);
    const answers = await Promise.all(Array.from({ length: 50 }, () => place(body)));
    const created = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(created).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const answer of refused) {
      expect(answer.json()).toEqual({
        error: 'Insufficient inventory',
        code: 'OUT_OF_STOCK',
        message: 'Some items in your cart are no longer available in the requested quantities',
        outOfStockItems: [{ name: 'Rosin Jam', requested: 1, available: 0 }],
      });
    }
    expect(await stockOf('Rosin Jam')).toBe(0);
    const stored = await t.db.kysely
      .selectFrom('order_items')
      .select('order_id')
      .where('product_id', '=', rosin.id)
      .execute();
    expect(stored).toHaveLength(5);
  });

  it('lists requested and available in the line units when asking for more than is left', async () => {
    const jack = products.get('Jack Herer')!; // 10 g
    const res = await place(orderBody([cartLine(jack, '1/8 Oz', 3)], all));
    expect(res.statusCode).toBe(409);
    expect(res.json().outOfStockItems).toEqual([
      { name: 'Jack Herer', requested: 3, available: 2 },
    ]);
    expect(await stockOf('Jack Herer')).toBe(10);
  });

  it('refuses a tampered total with 409 and changes nothing', async () => {
    const dream = products.get('Blue Dream')!;
    const before = await stockOf('Blue Dream');
    const res = await place({ ...orderBody([cartLine(dream, '1/8 Oz', 1)], all), total: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'Prices changed', expectedTotal: 45 });
    expect(await stockOf('Blue Dream')).toBe(before);
  });

  it('refuses a client price lower than the product price even when the total matches it', async () => {
    const dream = products.get('Blue Dream')!;
    const cheap = { ...cartLine(dream, '1/8 Oz', 1), price: 1 };
    const res = await place({ ...orderBody([cheap], all), total: 1 });
    expect(res.statusCode).toBe(409);
  });

  it('refuses a quantity outside the options with Invalid quantity option', async () => {
    const dream = products.get('Blue Dream')!;
    const res = await place({
      ...orderBody([cartLine(dream, '1/8 Oz')], all),
      items: [{ ...cartLine(dream, '1/8 Oz'), quantity: '7 Oz' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().formattedErrors).toEqual(['items.0.quantity: Invalid quantity option']);
    const gummies = products.get('Sour Watermelon Gummies')!;
    const weighed = await place(
      orderBody([{ ...cartLine(gummies, '1'), quantity: '1/8 Oz' }], all),
    );
    expect(weighed.statusCode).toBe(400);
    expect(weighed.json().formattedErrors).toEqual(['items.0.quantity: Invalid quantity option']);
  });

  it('requires a strain type for products that have several', async () => {
    const pack = products.get('Mini Joints 5-Pack')!;
    const res = await place(orderBody([cartLine(pack, '1')], all));
    expect(res.statusCode).toBe(400);
    expect(res.json().formattedErrors[0]).toContain('strainType');
    const ok = await place(orderBody([cartLine(pack, '1', 1, { strainType: 'Indica' })], all));
    expect(ok.statusCode).toBe(201);
  });

  it('enforces the $50 delivery minimum after discount, but not for pickup', async () => {
    const gummies = products.get('Sour Watermelon Gummies')!; // $20
    const items = [cartLine(gummies, '1', 2)];
    const delivery = await place(orderBody(items, all, { orderType: 'delivery' }));
    expect(delivery.statusCode).toBe(400);
    expect(delivery.json()).toEqual({
      error: 'Minimum order not met',
      code: 'MINIMUM_NOT_MET',
      message: 'Delivery orders require a minimum of $50. Your current total is $40.00.',
    });
    expect((await place(orderBody(items, all))).statusCode).toBe(201);
  });

  it('adds the $5 delivery fee to a delivery order', async () => {
    const dream = products.get('Blue Dream')!;
    const res = await place(orderBody([cartLine(dream, '1/4 Oz')], all, { orderType: 'delivery' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ total: 90.5, deliveryFee: 5, address: DELIVERY_ADDRESS });
  });

  it('applies BOGO50 to pairs of 1 Oz items, half off the cheaper of each pair', async () => {
    const promotions = (await t.app.inject('/api/promotions')).json<Promotion[]>();
    const bogo = promotions.find((p) => p.isBogo50)!;
    const cake = products.get('Wedding Cake')!; // 1 Oz $300
    const dream = products.get('Blue Dream')!; // 1 Oz 45 x 6.4 = $288
    const items = [cartLine(cake, '1 Oz'), cartLine(dream, '1 Oz')];
    const res = await place(orderBody(items, all, { promoCode: 'bogo50', promotion: bogo }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      total: 588 - 144,
      discountAmount: 144,
      promoCode: 'BOGO50',
    });
    expect(res.json().bogo50Details).toMatchObject({
      ozItemsCount: 2,
      originalTotal: 588,
      discountAmount: 144,
    });
  });

  it('prices the freebie line at 0 once', async () => {
    const promotions = (await t.app.inject('/api/promotions')).json<Promotion[]>();
    const freebie = promotions.find((p) => p.promoCode === 'FREEJOINT')!;
    const joint = products.get('Classic Joint')!;
    const dream = products.get('Blue Dream')!;
    const items = [cartLine(dream, '1/8 Oz'), { ...cartLine(joint, '1'), price: 0 }];
    const res = await place(orderBody(items, all, { promoCode: 'FREEJOINT', promotion: freebie }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ total: 45 });
    expect(res.json().items[1]).toMatchObject({ name: 'Classic Joint', price: 0 });
  });

  it('13.7 gives exactly one unit of the freebie away and charges the rest at the normal price', async () => {
    const promotions = (await t.app.inject('/api/promotions')).json<Promotion[]>();
    const freebie = promotions.find((p) => p.promoCode === 'FREEJOINT')!;
    const joint = products.get('Classic Joint')!;
    const before = await stockOf('Classic Joint');
    const tenFree = [{ ...cartLine(joint, '10'), price: 0 }];
    const base = { promoCode: 'FREEJOINT', promotion: freebie };

    // The attack: ten joints for $0 is refused, and no stock moves.
    const free = await place(orderBody(tenFree, all, { ...base, total: 0 }));
    expect(free.statusCode).toBe(409);
    expect(free.json()).toMatchObject({ error: 'Prices changed', expectedTotal: 72 });
    expect(await stockOf('Classic Joint')).toBe(before);

    // The shared engine (what the browser shows) prices nine of the ten at $8.
    const paid = await place(orderBody(tenFree, all, base));
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ total: 72 });
    expect(paid.json().items[0]).toMatchObject({ quantity: '10', price: 8 });
    expect(await stockOf('Classic Joint')).toBe(before - 10);
  });

  it('13.7 gives one 1/8 Oz of a flower freebie, charging the second 1/8 Oz and other sizes', async () => {
    const dream = products.get('Blue Dream')!;
    const promo = await t.app.inject({
      method: 'POST',
      url: '/api/promotions',
      headers: { cookie: dealerCookie },
      payload: {
        title: 'Free eighth',
        description: 'One 1/8 Oz of Blue Dream on the house.',
        promoCode: 'FREEDREAM',
        discountType: 'freebie',
        freebieProductId: dream.id,
      },
    });
    expect(promo.statusCode).toBe(201);
    const promotion = promo.json<Promotion>();
    const before = await stockOf('Blue Dream');
    const twoEighths = [{ ...cartLine(dream, '1/8 Oz', 2), price: 0 }];
    const res = await place(orderBody(twoEighths, all, { promoCode: 'FREEDREAM', promotion }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ total: 45 });
    expect(await stockOf('Blue Dream')).toBe(before - 7);

    const quarterFree = [{ ...cartLine(dream, '1/4 Oz'), price: 0 }];
    const quarter = await place(
      orderBody(quarterFree, all, { promoCode: 'FREEDREAM', promotion, total: 0 }),
    );
    expect(quarter.statusCode).toBe(409);
    expect(quarter.json()).toMatchObject({ expectedTotal: 85.5 });
  });

  it('13.8 refuses a flavor name from Object.prototype with 400 UNKNOWN_FLAVOR and takes no stock', async () => {
    const joint = products.get('Classic Joint')!;
    const before = await stockOf('Classic Joint');
    for (const flavor of ['constructor', '__proto__', 'toString', 'Mango']) {
      const items = [cartLine(joint, '1', 1, { flavor })];
      const res = await place(orderBody(items, all));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Unknown flavor', code: 'UNKNOWN_FLAVOR' });
    }
    expect(await stockOf('Classic Joint')).toBe(before);
  });

  it('creates one order for the same Idempotency-Key twice, and refuses the key with another body', async () => {
    const gummies = products.get('Sleepy Berry Gummies')!;
    const body = orderBody([cartLine(gummies, '1', 1)], all);
    const cookie = 'canopy_shopper=idempotent-shopper-000000001';
    const headers = { 'idempotency-key': 'retry-key-123456', cookie };
    const first = await place(body, headers);
    const second = await place(body, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    const count = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('shopper_id', '=', 'idempotent-shopper-000000001')
      .execute();
    expect(count).toHaveLength(1);
    const other = await place({ ...body, customer: 'Someone Else' }, headers);
    expect(other.statusCode).toBe(422);
  });

  describe('scheduled delivery', () => {
    const nextWeekday = (wanted: string) => {
      let date = formatDateOnly(new Date());
      for (let i = 1; i < 8; i++) {
        date = addDays(formatDateOnly(new Date()), i);
        if (weekdayOfDate(date) === wanted) break;
      }
      return date;
    };

    it('accepts a weekly window on an available day and refuses Sunday and unknown windows', async () => {
      const dream = products.get('Blue Dream')!;
      const items = [cartLine(dream, '1/4 Oz')];
      const monday = nextWeekday('monday');
      const scheduled = (deliveryDate: string, deliveryTimeWindow: string) =>
        place(orderBody(items, all, { orderType: 'scheduled', deliveryDate, deliveryTimeWindow }));
      const ok = await scheduled(monday, '1:00 PM - 3:00 PM');
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({
        orderType: 'scheduled',
        deliveryDate: monday,
        deliveryTimeWindow: '1:00 PM - 3:00 PM',
      });
      const sunday = await scheduled(nextWeekday('sunday'), '1:00 PM - 3:00 PM');
      expect(sunday.statusCode).toBe(409);
      expect(sunday.json().error).toBe('Delivery slot unavailable');
      const odd = await scheduled(monday, '3:00 AM - 4:00 AM');
      expect(odd.statusCode).toBe(409);
      const far = await scheduled(addDays(formatDateOnly(new Date()), 20), '1:00 PM - 3:00 PM');
      expect(far.statusCode).toBe(409);
    });

    it('counts orders against a date slot and refuses the one past its capacity', async () => {
      const tuesday = nextWeekday('tuesday');
      await t.db.kysely
        .insertInto('schedule_slots')
        .values({
          date: tuesday,
          start_time: '5:00 PM',
          end_time: '7:00 PM',
          max_orders: 2,
          current_orders: 0,
          notes: null,
        })
        .execute();
      const dream = products.get('Blue Dream')!;
      const body = orderBody([cartLine(dream, '1/4 Oz')], all, {
        orderType: 'scheduled',
        deliveryDate: tuesday,
        deliveryTimeWindow: '5:00 PM - 7:00 PM',
      });
      const answers = await Promise.all([place(body), place(body), place(body)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409]);
      const slot = await t.db.kysely
        .selectFrom('schedule_slots')
        .selectAll()
        .where('date', '=', tuesday)
        .executeTakeFirstOrThrow();
      expect(slot.current_orders).toBe(2);
      // the date's explicit slot replaces its weekly windows
      const weekly = await place({ ...body, deliveryTimeWindow: '1:00 PM - 3:00 PM' });
      expect(weekly.statusCode).toBe(409);
    });
  });

  it('restores the stock exactly when the dealer deletes an order', async () => {
    const cart = products.get('Live Resin Cart')!;
    const dream = products.get('Blue Dream')!;
    const before = (await productsByName(t.app)).get('Live Resin Cart')!;
    const dreamBefore = await stockOf('Blue Dream');
    const res = await place(
      orderBody([cartLine(cart, '1', 2, { flavor: 'Blue Razz' }), cartLine(dream, '1/2 Oz')], all),
    );
    expect(res.statusCode).toBe(201);
    const after = (await productsByName(t.app)).get('Live Resin Cart')!;
    expect(after.stock).toBe(before.stock - 2);
    expect(after.flavorStocks['Blue Razz']).toBe(before.flavorStocks['Blue Razz'] - 2);
    expect(await stockOf('Blue Dream')).toBe(dreamBefore - 14);

    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/orders/${res.json().id}` });
    expect(anonymous.statusCode).toBe(401);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/${res.json().id}`,
      headers: { cookie: dealerCookie },
    });
    expect(del.statusCode).toBe(204);
    const restored = (await productsByName(t.app)).get('Live Resin Cart')!;
    expect(restored.stock).toBe(before.stock);
    expect(restored.flavorStocks).toEqual(before.flavorStocks);
    expect(await stockOf('Blue Dream')).toBe(dreamBefore);
  });

  it('shows a shopper only their own orders; the full list is for the dealer', async () => {
    const papers = products.get('Rolling Papers')!;
    const a = await place(orderBody([cartLine(papers, '1')], all));
    const cookieA = `canopy_shopper=${a.cookies.find((c) => c.name === 'canopy_shopper')!.value}`;
    const b = await place(orderBody([cartLine(papers, '1')], all, { customer: 'Bea' }));
    const cookieB = `canopy_shopper=${b.cookies.find((c) => c.name === 'canopy_shopper')!.value}`;
    expect(cookieA).not.toBe(cookieB);
    const mineA = (
      await t.app.inject({ url: '/api/orders/mine', headers: { cookie: cookieA } })
    ).json<Order[]>();
    expect(mineA.map((o) => o.id)).toEqual([a.json().id]);
    const mineB = (
      await t.app.inject({ url: '/api/orders/mine', headers: { cookie: cookieB } })
    ).json<Order[]>();
    expect(mineB.map((o) => o.id)).toEqual([b.json().id]);
    expect((await t.app.inject('/api/orders/mine')).json()).toEqual([]);
    expect(
      (await t.app.inject({ url: '/api/orders', headers: { cookie: cookieA } })).statusCode,
    ).toBe(401);
    const allOrders = (
      await t.app.inject({ url: '/api/orders', headers: { cookie: dealerCookie } })
    ).json<Order[]>();
    expect(allOrders.map((o) => o.id)).toEqual(expect.arrayContaining([a.json().id, b.json().id]));
    const times = allOrders.map((o) => o.date);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('lets the dealer change status and delivery details', async () => {
    const papers = products.get('Rolling Papers')!;
    const order = (await place(orderBody([cartLine(papers, '1')], all))).json<Order>();
    const status = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      payload: { status: 'on the way' },
      headers: { cookie: dealerCookie },
    });
    expect(status.json()).toMatchObject({ id: order.id, status: 'on the way' });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      payload: { status: 'lost' },
      headers: { cookie: dealerCookie },
    });
    expect(bad.statusCode).toBe(400);
    const delivery = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/delivery`,
      payload: {
        deliveryDate: '2030-01-02',
        deliveryTimeWindow: '9:00 AM - 11:00 AM',
        deliveryNotes: 'Ring twice',
      },
      headers: { cookie: dealerCookie },
    });
    expect(delivery.json()).toMatchObject({
      deliveryDate: '2030-01-02',
      deliveryTimeWindow: '9:00 AM - 11:00 AM',
      deliveryNotes: 'Ring twice',
    });
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/orders/999999/status',
      payload: { status: 'accepted' },
      headers: { cookie: dealerCookie },
    });
    expect(missing.statusCode).toBe(404);
  });
});
