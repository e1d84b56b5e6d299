/**
 * Stock, slots and limits held hostage: each attack as it was first reproduced, now refused or harmless, on SQLite and PostgreSQL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addAfternoonSlot, dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../../test/orders-fixtures';
import { openSocket } from '../../../../test/socket';
import { addDays, formatDateOnly, weekdayOfDate } from '../../../shared/availability';
import { EXPIRED_VOID_REASON, ORDER_LIMIT_DEFAULTS } from '../../../shared/order-limits';
import { quantityOptionsFor } from '../../../shared/quantity';
import type { Order } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';
import type { ScheduleSlot } from '../../../shared/schemas/schedule';
import type { DealerSettings } from '../../../shared/schemas/settings';
import { shopDayStart } from '../../../shared/shop-clock';
import { expireUnacceptedOrders } from './expiry';

const MINUTE = 60_000;
const shopper = (n: number) => `canopy_shopper=hostage-shopper-${String(n).padStart(16, '0')}`;
const phone = (n: number) => `555-01${String(n).padStart(2, '0')}`;
const WINDOW = '1:00 PM - 3:00 PM';

/** The next date (after today) on this weekday: the demo schedule delivers on weekdays. */
function next(weekday: string, after = 1): string {
  const today = formatDateOnly(new Date());
  for (let i = after; i <= after + 7; i++) {
    const date = addDays(today, i);
    if (weekdayOfDate(date) === weekday) return date;
  }
  throw new Error(`no ${weekday} in a week`);
}

describe.each(BACKENDS)('stock, slots and limits held hostage on %s', (dialect) => {
  let t: TestApp;
  let all: Product[];
  let products: Map<string, Product>;
  let send: Awaited<ReturnType<typeof dealerClient>>['send'];
  let dealerCookie: string;
  /** the shop's clock runs ahead of the wall clock by this much */
  let ahead = 0;
  let wsUrl: string;

  const product = (name: string) => products.get(name)!;
  const stockOf = async (name: string) => (await productsByName(t.app)).get(name)!.stock;
  const place = (body: unknown, cookie = shopper(1)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: body as object,
      headers: { cookie },
    });
  const settings = async (patch: Partial<DealerSettings>) => {
    const res = await send('PATCH', '/api/dealer-settings', patch);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DealerSettings>();
  };
  const sweep = () =>
    expireUnacceptedOrders(t.db, {
      now: new Date(Date.now() + ahead),
      timeZone: t.config.SHOP_TIMEZONE,
    });
  const orderOf = async (id: number) =>
    (await send('GET', '/api/orders')).json<Order[]>().find((o) => o.id === id)!;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock: () => new Date(Date.now() + ahead),
      orderExpiryEveryMs: 50,
    });
    wsUrl = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
    products = await productsByName(t.app);
    all = [...products.values()];
    ({ send, cookie: dealerCookie } = await dealerClient(t));
  });
  afterAll(() => t.dispose());
  afterEach(() => {
    ahead = 0;
  });

  it('shows the default limits to every shopper', async () => {
    const read = (await t.app.inject('/api/dealer-settings')).json<DealerSettings>();
    expect(read).toMatchObject(ORDER_LIMIT_DEFAULTS);
  });

  it('refuses one unpaid order that would take the whole shelf: a line over 10, an order over $1,000', async () => {
    const dream = product('Blue Dream');
    const before = await stockOf('Blue Dream');
    // the attack: every product, as much as the form allows, in one anonymous pickup order
    const shelf = all
      .filter((p) => p.stock > 0 && p.strainTypes.length <= 1 && p.flavors.length === 0)
      .map((p) => cartLine(p, quantityOptionsFor(p).includes('1 Oz') ? '1 Oz' : '10', 20));
    const whole = await place(orderBody(shelf, all));
    expect(whole.statusCode, whole.body).toBe(409);
    expect(whole.json()).toMatchObject({ code: 'LINE_COUNT_CAP', maxLineCount: 10 });

    const eleven = await place(orderBody([cartLine(dream, '1/8 Oz', 11)], all));
    expect(eleven.statusCode).toBe(409);
    expect(eleven.json().message).toContain('at most 10 of one item per order (Blue Dream)');

    // ten ounces are within the count but far over $1,000
    const ounces = await place(orderBody([cartLine(dream, '1 Oz', 10)], all));
    expect(ounces.statusCode).toBe(409);
    expect(ounces.json()).toMatchObject({ code: 'ORDER_SUBTOTAL_CAP', maxOrderSubtotal: 1000 });
    expect(ounces.json().message).toContain('Orders are limited to $1,000 before discounts');
    expect(await stockOf('Blue Dream')).toBe(before);

    // an ordinary order passes with the defaults
    expect((await place(orderBody([cartLine(dream, '1/8 Oz', 2)], all))).statusCode).toBe(201);

    // the owner raises the caps: the larger order goes through
    await settings({ maxLineCount: 12, maxOrderSubtotal: 5000 });
    const raised = await place(orderBody([cartLine(dream, '1/8 Oz', 11)], all), shopper(2));
    expect(raised.statusCode, raised.body).toBe(201);
    await settings({ maxLineCount: 10, maxOrderSubtotal: 1000 });
  });

  it('only the owner changes the order limits, within bounds', async () => {
    const bad = await send('PATCH', '/api/dealer-settings', { maxLineCount: 0 });
    expect(bad.statusCode).toBe(400);
    const anonymous = await send('PATCH', '/api/dealer-settings', { maxLineCount: 50 }, true);
    expect([401, 403]).toContain(anonymous.statusCode);
  });

  it('cancels a pending order nobody accepted within 2 hours, puts its stock back and tells every browser', async () => {
    const gummies = product('Sleepy Berry Gummies');
    const before = await stockOf(gummies.name);
    const dealer = await openSocket(wsUrl, { cookie: dealerCookie });
    await dealer.next((m) => m.type === 'init');
    const placed = await place(orderBody([cartLine(gummies, '2', 3)], all), shopper(3));
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    const accepted = (
      await place(orderBody([cartLine(gummies, '1', 1)], all), shopper(4))
    ).json<Order>();
    expect(
      (await send('PATCH', `/api/orders/${accepted.id}/status`, { status: 'accepted' })).statusCode,
    ).toBe(200);
    expect(await stockOf(gummies.name)).toBe(before - 7);

    ahead = 119 * MINUTE;
    expect((await sweep()).value.expired).not.toContain(order.id);
    // past the deadline the app's own sweep (on its clock) cancels it
    ahead = 121 * MINUTE;
    const announced = await dealer.next(
      (m) =>
        m.type === 'order-updated' &&
        (m.data as Order).id === order.id &&
        (m.data as Order).status === 'cancelled',
    );
    expect((announced.data as Order).expiredAt).not.toBeNull();
    expect((announced.data as Order).voidReason).toBe(EXPIRED_VOID_REASON);
    await dealer.next((m) => m.type === 'product-updated' && (m.data as Product).id === gummies.id);
    dealer.socket.close();
    expect(await stockOf(gummies.name)).toBe(before - 1);
    // the accepted one stays
    expect((await orderOf(accepted.id)).status).toBe('accepted');

    // the status link says it in plain words; the audit trail names the shop itself
    const view = await t.app.inject(`/api/order-status/${order.statusToken}`);
    expect(view.json()).toMatchObject({ status: 'cancelled' });
    expect(view.json().expiredAt).toEqual(expect.any(String));
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('entity', '=', 'orders')
      .where('entity_id', '=', String(order.id))
      .execute();
    expect(audit.map((a) => a.action)).toContain('expired');

    // a second sweep finds nothing to do
    expect((await sweep()).value.expired).toEqual([]);
    ahead = 0;
  });

  /** A slot as the schedule shows it now. */
  const slotById = async (id: number) =>
    (await t.app.inject('/api/schedule-slots')).json<ScheduleSlot[]>().find((s) => s.id === id)!;

  it('cancels a scheduled order not accepted an hour before its window, freeing its slot place', async () => {
    const date = next('thursday', 3);
    const slot = await addAfternoonSlot(send, date, 4);
    const placed = await place(
      orderBody([cartLine(product('Blue Dream'), '1/4 Oz')], all, {
        orderType: 'scheduled',
        deliveryDate: date,
        deliveryTimeWindow: WINDOW,
        phone: phone(40),
      }),
      shopper(40),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    const slotNow = () => slotById(slot.id);
    expect((await slotNow()).currentOrders).toBe(1);

    // days before its window, hours after it was placed: still waiting, not expired
    ahead = 5 * 60 * MINUTE;
    expect((await sweep()).value.expired).not.toContain(order.id);
    // an hour before the window starts (in the shop's zone) it is due
    const start = shopDayStart(date, t.config.SHOP_TIMEZONE).getTime() + 13 * 60 * MINUTE;
    ahead = start - 59 * MINUTE - Date.now();
    // this sweep or the app's own (running on the same clock) cancels it, once
    await sweep();
    ahead = 0;
    expect((await orderOf(order.id)).status).toBe('cancelled');
    expect((await slotNow()).currentOrders).toBe(0);
  });

  it('a Bulk order holds no slot place until staff accept it, and gives it back when cancelled', async () => {
    const date = next('friday', 2);
    const slot = await addAfternoonSlot(send, date, 2);
    const slotNow = () => slotById(slot.id);
    const scheduled = (n: number, quantity: 'Bulk' | '1/4 Oz') =>
      place(
        orderBody([cartLine(product('Blue Dream'), quantity)], all, {
          orderType: 'scheduled',
          deliveryDate: date,
          deliveryTimeWindow: WINDOW,
          phone: phone(n),
        }),
        shopper(n),
      );
    // the attack: free Bulk orders filling a slot's places
    const bulk = [];
    for (const n of [50, 51, 52]) {
      const res = await scheduled(n, 'Bulk');
      expect(res.statusCode, res.body).toBe(201);
      bulk.push(res.json<Order>());
    }
    expect((await slotNow()).currentOrders).toBe(0);
    // a real shopper still gets a place
    expect((await scheduled(53, '1/4 Oz')).statusCode).toBe(201);
    expect((await slotNow()).currentOrders).toBe(1);

    // staff accept one Bulk order: it takes its place now
    const accept = await send('PATCH', `/api/orders/${bulk[0]!.id}/status`, { status: 'accepted' });
    expect(accept.statusCode, accept.body).toBe(200);
    expect((await slotNow()).currentOrders).toBe(2);
    // cancelling an unaccepted Bulk order frees nothing it never took; the accepted one gives back
    await send('PATCH', `/api/orders/${bulk[1]!.id}/status`, { status: 'cancelled' });
    expect((await slotNow()).currentOrders).toBe(2);
    await send('PATCH', `/api/orders/${bulk[0]!.id}/status`, { status: 'cancelled' });
    expect((await slotNow()).currentOrders).toBe(1);
    // the full slot refuses a Bulk order too (it would have no place to take)
    expect((await scheduled(54, '1/4 Oz')).statusCode).toBe(201);
    const refused = await scheduled(55, 'Bulk');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SLOT_UNAVAILABLE');
  });

  it('caps open scheduled orders per phone, whatever the cookie', async () => {
    const monday = next('monday');
    const scheduled = (cookie: string, phoneAsTyped: string) =>
      place(
        orderBody([cartLine(product('Blue Dream'), '1/4 Oz')], all, {
          orderType: 'scheduled',
          deliveryDate: monday,
          deliveryTimeWindow: '3:00 PM - 5:00 PM',
          phone: phoneAsTyped,
        }),
        cookie,
      );
    // the attack: one phone, a fresh cookie for every order
    for (const n of [60, 61, 62])
      expect((await scheduled(shopper(n), '(555) 016-0000')).statusCode).toBe(201);
    // the same phone typed another way
    const fourth = await scheduled(shopper(63), '+1 555 016 0000');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({ code: 'SCHEDULED_ORDER_CAP', limit: 3 });
    expect(fourth.json().message).toContain('This phone number already has 3 scheduled orders');
    // another phone is not capped by these
    expect((await scheduled(shopper(64), phone(61))).statusCode).toBe(201);
  });

  it('caps pending scheduled orders per delivery day, shop-wide', async () => {
    await settings({ maxPendingScheduledPerDay: 2 });
    const tuesday = next('tuesday');
    const scheduled = (n: number) =>
      place(
        orderBody([cartLine(product('Blue Dream'), '1/4 Oz')], all, {
          orderType: 'scheduled',
          deliveryDate: tuesday,
          deliveryTimeWindow: '11:00 AM - 1:00 PM',
          phone: phone(n),
        }),
        shopper(n),
      );
    const first = (await scheduled(70)).json<Order>();
    expect((await scheduled(71)).statusCode).toBe(201);
    const third = await scheduled(72);
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('SCHEDULED_DAY_FULL');
    // accepting one makes room for the next
    await send('PATCH', `/api/orders/${first.id}/status`, { status: 'accepted' });
    expect((await scheduled(72)).statusCode).toBe(201);
    await settings({ maxPendingScheduledPerDay: ORDER_LIMIT_DEFAULTS.maxPendingScheduledPerDay });
  });

  it('shows staff the stock that pending orders hold', async () => {
    const rosin = product('Micro-dose Mints');
    const a = (await place(orderBody([cartLine(rosin, '1', 2)], all), shopper(80))).json<Order>();
    expect((await place(orderBody([cartLine(rosin, '2', 1)], all), shopper(81))).statusCode).toBe(
      201,
    );
    const held = async () =>
      (await send('GET', '/api/inventory/held'))
        .json<{ productId: number; pendingOrders: number; held: number }[]>()
        .find((h) => h.productId === rosin.id);
    expect(await held()).toEqual({ productId: rosin.id, pendingOrders: 2, held: 4 });
    await send('PATCH', `/api/orders/${a.id}/status`, { status: 'accepted' });
    expect(await held()).toEqual({ productId: rosin.id, pendingOrders: 1, held: 2 });
    expect((await send('GET', '/api/inventory/held', undefined, true)).statusCode).toBe(401);
  });
});
