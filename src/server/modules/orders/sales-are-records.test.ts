import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import {
  cartLine,
  orderBody,
  productsByName,
  stockedCatalog,
} from '../../../../test/orders-fixtures';
import { shopTimeClock } from '../../../../test/shop-time';
import { blankSignaturePng, signaturePng } from '../../../../test/signature';
import { type Send, staffClient } from '../../../../test/staff';
import { appPerSuite } from '../../../../test/suite';
import { addDays } from '../../../shared/availability';
import { RULE_SETS } from '../../../shared/compliance/rule-sets';
import type { QuantityLabel, Weekday } from '../../../shared/constants';
import type { CartItem, Order } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';
import type { Promotion } from '../../../shared/schemas/promotions';
import { shopClock, shopDayStart } from '../../../shared/shop-clock';

const ZONE = 'America/Los_Angeles';
const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * Under the California rule set a sale is a record, and the licensed rules bind on
 * every path: each bypass an inspector or a dishonest employee found is tried here and refused.
 */
describe.each(BACKENDS)('a sale is a record under US-CA on %s', (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof dealerClient>>;
  let dispatcher: Awaited<ReturnType<typeof staffClient>>;
  let alex: Awaited<ReturnType<typeof staffClient>>;
  let products: Map<string, Product>;
  /** a Wednesday afternoon in the shop's zone, or the moment a test sets */
  const wall = shopTimeClock(ZONE, 'wednesday', '14:00');
  let shopAt: Date | null = null;
  let phones = 0;
  let idNumbers = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      seed: true,
      env: { SHOP_TIMEZONE: ZONE },
      clock: () => shopAt ?? wall(),
    });
    owner = await dealerClient(t);
    dispatcher = await staffClient(t, owner, 'dispatcher', 'pat');
    alex = await staffClient(t, owner, 'driver', 'alex');
    const rules = { jurisdiction: 'US-CA', salesTaxRate: 9.5, availableDays: EVERY_DAY };
    expect((await owner.send('PATCH', '/api/dealer-settings', rules)).statusCode).toBe(200);
    products = await stockedCatalog(t);
  });
  afterEach(() => {
    shopAt = null;
  });
  afterAll(() => t.dispose());

  const today = () => shopClock(t.app.clock(), ZONE).date;
  const product = (name: string) => products.get(name) as Product;
  /** This week's `weekday` (from the wall clock's Wednesday) at `time` in the shop's zone. */
  function at(weekday: Weekday, time: string): Date {
    const order: Weekday[] = ['wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    const date = addDays(shopClock(wall(), ZONE).date, order.indexOf(weekday));
    const [hours = 0, minutes = 0] = time.split(':').map(Number);
    return new Date(shopDayStart(date, ZONE).getTime() + (hours * 60 + minutes) * 60_000);
  }
  const shopperCookie = (answer: LightMyRequestResponse) =>
    answer.cookies
      .filter((c) => c.name === 'canopy_shopper')
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');

  /** Places an order at the shop's moment, priced as the browser prices it for its sale day. */
  async function place(
    items: CartItem[],
    overrides: Record<string, unknown> = {},
  ): Promise<LightMyRequestResponse> {
    const orderType = overrides.orderType ?? 'pickup';
    const saleDate = orderType === 'scheduled' ? (overrides.deliveryDate as string) : today();
    const tax = {
      ruleSet: RULE_SETS['US-CA'],
      date: saleDate,
      rates: { salesTaxPercent: 9.5, localTaxPercent: null },
    };
    const { cookie, ...rest } = overrides;
    return t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody(items, [...products.values()], {
        customer: 'Jamie Rivera',
        phone: `415-555-${String(1000 + ++phones)}`,
        pricing: { tax },
        ...rest,
      }),
      headers: cookie ? { cookie: cookie as string } : {},
    });
  }

  async function placed(
    name: string,
    quantity: QuantityLabel,
    overrides: Record<string, unknown> = {},
  ): Promise<Order> {
    const answer = await place([cartLine(product(name), quantity)], overrides);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Order>();
  }

  /** Jamie Rivera's ID at 30, with a number of its own unless one is given. */
  function idOf(idNumber = `D${String(++idNumbers).padStart(7, '0')}`) {
    const year = Number(today().slice(0, 4));
    return {
      method: 'manual',
      firstName: 'Jamie',
      lastName: 'Rivera',
      dateOfBirth: `${year - 30}-01-15`,
      expiry: `${year + 2}-01-31`,
      idNumber,
      state: 'CA',
    };
  }

  const setStatus = (send: Send, id: number, status: string, extra: object = {}) =>
    send('PATCH', `/api/orders/${id}/status`, { status, ...extra });

  /** A delivery accepted, given to Alex, checked at the door and signed for. */
  async function deliveredByAlex(quantity: QuantityLabel = '1/4 Oz', idNumber?: string) {
    const order = await placed('Blue Dream', quantity, { orderType: 'delivery' });
    expect((await setStatus(dispatcher.send, order.id, 'accepted')).statusCode).toBe(200);
    await dispatcher.send('PATCH', `/api/orders/${order.id}/driver`, { driverId: alex.id });
    await alex.send('PATCH', `/api/deliveries/${order.id}`, { status: 'on the way' });
    const check = await alex.send('POST', `/api/deliveries/${order.id}/id-check`, idOf(idNumber));
    expect(check.json<Order>().idCheck?.passed, check.body).toBe(true);
    const done = await alex.send('PATCH', `/api/deliveries/${order.id}`, {
      status: 'completed',
      signature: await signaturePng(),
    });
    expect(done.statusCode, done.body).toBe(200);
    return done.json<Order>();
  }

  const stockOf = async (name: string) => (await productsByName(t.app)).get(name)!.stock;
  const isARecord = (answer: LightMyRequestResponse, message: string) => {
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ error: message, code: 'ORDER_IS_A_RECORD' });
  };
  /** A 400 naming one field, and what is wrong with it. */
  const refusesField = (answer: LightMyRequestResponse, path: string, message: string) => {
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual([{ path, message }]);
  };

  it('keeps a delivered sale as it is: no status, driver, delivery or deletion; receipt and grams stay', async () => {
    const idNumber = 'L0000001';
    const order = await deliveredByAlex('1 Oz', idNumber);
    const stock = await stockOf('Blue Dream');
    const final = `Order #${order.id} was delivered: a sale is a record and cannot change. Record a return instead.`;
    for (const status of ['cancelled', 'returned', 'on the way', 'accepted'])
      isARecord(await setStatus(dispatcher.send, order.id, status, { reason: 'undo' }), final);
    isARecord(
      await alex.send('PATCH', `/api/deliveries/${order.id}`, {
        status: 'returned',
        returnReason: 'refused',
      }),
      final,
    );
    isARecord(
      await dispatcher.send('PATCH', `/api/orders/${order.id}/driver`, { driverId: null }),
      final,
    );
    isARecord(
      await dispatcher.send('PATCH', `/api/orders/${order.id}/delivery`, {
        deliveryDate: addDays(today(), 1),
        deliveryTimeWindow: '11:00 AM - 1:00 PM',
        deliveryNotes: null,
      }),
      final,
    );
    isARecord(
      await dispatcher.send('DELETE', `/api/orders/${order.id}`),
      `Order #${order.id} is a record and cannot be deleted. Cancel it with a reason instead.`,
    );
    expect(await stockOf('Blue Dream')).toBe(stock);
    const receipt = await t.app.inject({
      url: `/api/orders/${order.id}/receipt`,
      headers: { cookie: owner.cookie },
    });
    expect(receipt.statusCode).toBe(200);
    // the same licence cannot come back for another ounce that day under another phone
    const again = await placed('Gelato #41', '1 Oz', { orderType: 'delivery' });
    await setStatus(dispatcher.send, again.id, 'accepted');
    await dispatcher.send('PATCH', `/api/orders/${again.id}/driver`, { driverId: alex.id });
    const looped = await alex.send('POST', `/api/deliveries/${again.id}/id-check`, idOf(idNumber));
    expect(looped.json<Order>().idCheck).toMatchObject({
      passed: false,
      checks: { withinDailyLimits: false },
    });
  });

  it('needs the ID check and a drawn signature on every path to delivered, the dashboard’s too', async () => {
    const order = await placed('Blue Dream', '1/4 Oz', { orderType: 'delivery' });
    await setStatus(dispatcher.send, order.id, 'accepted');
    const unchecked = await setStatus(dispatcher.send, order.id, 'completed');
    expect(unchecked.statusCode).toBe(409);
    expect(unchecked.json()).toEqual({
      error: `Check the customer's ID before handing over order #${order.id}.`,
      code: 'ID_CHECK_REQUIRED',
    });
    const check = await dispatcher.send('POST', `/api/orders/${order.id}/id-check`, idOf());
    expect(check.json<Order>().idCheck).toMatchObject({ passed: true, driverId: dispatcher.id });
    const unsigned = await setStatus(dispatcher.send, order.id, 'completed');
    expect(unsigned.json()).toEqual({
      error: `Ask Jamie Rivera to sign before handing over order #${order.id}.`,
      code: 'SIGNATURE_REQUIRED',
    });
    const blank = await setStatus(dispatcher.send, order.id, 'completed', {
      signature: await blankSignaturePng(),
    });
    expect(blank.json().code).toBe('SIGNATURE_REQUIRED');
    const signed = await setStatus(dispatcher.send, order.id, 'completed', {
      signature: await signaturePng(),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json<Order>()).toMatchObject({ status: 'completed', saleDate: today() });
  });

  it('hands a pickup over only after the ID check at the counter, which counts toward the ID’s day', async () => {
    const pickup = await placed('Blue Dream', '1 Oz');
    await setStatus(dispatcher.send, pickup.id, 'ready');
    const unchecked = await setStatus(dispatcher.send, pickup.id, 'completed');
    expect(unchecked.json()).toEqual({
      error: `Check the customer's ID at the counter before handing over order #${pickup.id}.`,
      code: 'ID_CHECK_REQUIRED',
    });
    const idNumber = 'P0000001';
    await dispatcher.send('POST', `/api/orders/${pickup.id}/id-check`, idOf(idNumber));
    expect((await setStatus(dispatcher.send, pickup.id, 'completed')).statusCode).toBe(200);
    // a delivery to the same ID that day is over the limit at the door
    const delivery = await placed('Gelato #41', '1/4 Oz', { orderType: 'delivery' });
    const check = await dispatcher.send(
      'POST',
      `/api/orders/${delivery.id}/id-check`,
      idOf(idNumber),
    );
    expect(check.json<Order>().idCheck?.passed).toBe(false);
  });

  it('voids an order before handover with a reason, gives its stock back once, and never deletes it', async () => {
    const stock = await stockOf('Blue Dream');
    const order = await placed('Blue Dream', '1/4 Oz');
    expect(await stockOf('Blue Dream')).toBe(stock - 7);
    isARecord(
      await owner.send('DELETE', `/api/orders/${order.id}`),
      `Order #${order.id} is a record and cannot be deleted. Cancel it with a reason instead.`,
    );
    const noReason = await setStatus(dispatcher.send, order.id, 'cancelled');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().formattedErrors).toEqual([
      'reason: is required: say why the order is cancelled',
    ]);
    const voided = await setStatus(dispatcher.send, order.id, 'cancelled', {
      reason: 'Customer called to cancel',
    });
    expect(voided.json<Order>()).toMatchObject({
      status: 'cancelled',
      voidReason: 'Customer called to cancel',
    });
    expect(await stockOf('Blue Dream')).toBe(stock);
    const receipt = await t.app.inject({
      url: `/api/orders/${order.id}/receipt`,
      headers: { cookie: owner.cookie },
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('<span class="mark">VOID</span>');
    expect(receipt.body).toContain('Customer called to cancel');
  });

  it('binds a failed check, serialises two checks of one ID, and lets only an owner allow another', async () => {
    const first = await placed('Blue Dream', '1 Oz');
    const second = await placed('Gelato #41', '1 Oz');
    for (const order of [first, second]) await setStatus(dispatcher.send, order.id, 'ready');
    const same = idOf('S0000001');
    const checks = await Promise.all(
      [first, second].map((order) =>
        dispatcher.send('POST', `/api/orders/${order.id}/id-check`, same),
      ),
    );
    const results = checks.map((answer) => answer.json<Order>().idCheck!.passed).sort();
    expect(results).toEqual([false, true]);
    const failed = [first, second][checks.findIndex((c) => !c.json<Order>().idCheck!.passed)]!;
    const retry = await dispatcher.send('POST', `/api/orders/${failed.id}/id-check`, idOf());
    expect(retry.json().code).toBe('ID_CHECK_FAILED_BEFORE');
    const allow = (send: Send) =>
      send('POST', `/api/orders/${failed.id}/id-check-override`, {
        reason: 'Her partner is collecting with his own ID',
      });
    expect((await allow(dispatcher.send)).statusCode).toBe(403);
    const allowed = await allow(owner.send);
    expect(allowed.json<Order>().idCheckOverride).toMatchObject({
      byName: 'back-office',
      reason: 'Her partner is collecting with his own ID',
      used: false,
    });
    expect((await allow(owner.send)).json().code).toBe('ID_CHECK_OVERRIDE_REFUSED');
    const rechecked = await dispatcher.send('POST', `/api/orders/${failed.id}/id-check`, {
      ...idOf(),
      confirmName: true,
    });
    expect(rechecked.json<Order>().idCheck).toMatchObject({
      passed: true,
      override: { reason: 'Her partner is collecting with his own ID' },
    });
    expect(rechecked.json<Order>().idCheckOverride?.used).toBe(true);
  });

  it('counts the limits on the day the goods change hands, and checks them again at handover', async () => {
    shopAt = at('friday', '14:00');
    const saturday = addDays(today(), 1);
    const first = await place([cartLine(product('Blue Dream'), '1 Oz')], {
      orderType: 'scheduled',
      deliveryDate: saturday,
      deliveryTimeWindow: '11:00 AM - 1:00 PM',
    });
    expect(first.statusCode, first.body).toBe(201);
    const cookie = shopperCookie(first);
    // the scheduled ounce counts on Saturday, not on the Friday it was ordered
    expect((await place([cartLine(product('Gelato #41'), '1/8 Oz')], { cookie })).statusCode).toBe(
      201,
    );
    shopAt = at('saturday', '10:00');
    const saturdayEighth = await place([cartLine(product('Gelato #41'), '1/8 Oz')], { cookie });
    expect(saturdayEighth.statusCode).toBe(409);
    expect(saturdayEighth.json()).toMatchObject({ code: 'PURCHASE_LIMIT', remaining: 0.5 });

    // a pickup ordered late on Friday and one ordered Saturday morning by another browser under
    // the same phone: both taken, but handing both over on Saturday is over the limit
    shopAt = at('friday', '21:58');
    const late = await placed('Blue Dream', '1 Oz', { phone: '415-555-0999' });
    shopAt = at('saturday', '09:00');
    const morning = await placed('Gelato #41', '1/4 Oz', { phone: '415-555-0999' });
    for (const order of [late, morning]) {
      await setStatus(dispatcher.send, order.id, 'ready');
      await dispatcher.send('POST', `/api/orders/${order.id}/id-check`, idOf());
    }
    shopAt = at('saturday', '10:00');
    expect((await setStatus(dispatcher.send, late.id, 'completed')).json<Order>().saleDate).toBe(
      saturday,
    );
    const over = await setStatus(dispatcher.send, morning.id, 'completed');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'PURCHASE_LIMIT',
      remaining: 0.5,
      error: `Order #${morning.id} can't be handed over: with it this customer would pass today's limit of 28.5 g of flower. 28 g was handed over to them today; 0.5 g is left.`,
    });
  });

  it('takes same-day orders and handovers only within the legal hours and on delivery days', async () => {
    shopAt = at('thursday', '01:18');
    const night = await place([cartLine(product('Blue Dream'), '1/4 Oz')], {
      orderType: 'delivery',
    });
    expect(night.statusCode).toBe(409);
    expect(night.json()).toMatchObject({
      code: 'SHOP_CLOSED_TODAY',
      error:
        'Same-day delivery runs 6:00 AM to 10:00 PM. Please choose a scheduled delivery window.',
    });
    const pickup = await placed('Blue Dream', '1/8 Oz');
    await setStatus(dispatcher.send, pickup.id, 'ready');
    await dispatcher.send('POST', `/api/orders/${pickup.id}/id-check`, idOf());
    shopAt = at('thursday', '00:30');
    const handover = await setStatus(dispatcher.send, pickup.id, 'completed');
    expect(handover.json()).toEqual({
      error: `Order #${pickup.id} can't be handed over now: handovers are allowed only from 6:00 AM to 10:00 PM.`,
      code: 'OUTSIDE_HOURS',
    });

    shopAt = null;
    const slot = (startTime: string, endTime: string) =>
      owner.send('POST', '/api/schedule-slots', {
        date: addDays(today(), 3),
        startTime,
        endTime,
        maxOrders: 5,
        notes: null,
      });
    for (const [start, end] of [
      ['4:00 AM', '6:00 AM'],
      ['1:00 AM', '3:00 AM'],
    ] as const) {
      const refused = await slot(start, end);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().formattedErrors).toEqual([
        `startTime: ${start} - ${end}: a delivery slot must fall within the legal hours for cannabis sales and deliveries, 6:00 AM to 10:00 PM.`,
      ]);
    }
    const weekly = await owner.send('PATCH', '/api/dealer-settings', {
      availableDays: EVERY_DAY,
      deliveryHours: JSON.stringify(['7:00 PM - 9:00 PM', '9:00 PM - 11:00 PM']),
    });
    expect(weekly.json().formattedErrors).toEqual([
      'deliveryHours: 9:00 PM - 11:00 PM: Delivery windows must fall within the legal hours for cannabis sales and deliveries, 6:00 AM to 10:00 PM.',
    ]);
    const order = await placed('Blue Dream', '1/4 Oz', { orderType: 'delivery' });
    const moved = await dispatcher.send('PATCH', `/api/orders/${order.id}/delivery`, {
      deliveryDate: addDays(today(), 1),
      deliveryTimeWindow: '9:00 PM - 11:00 PM',
      deliveryNotes: null,
    });
    refusesField(
      moved,
      'deliveryTimeWindow',
      'The delivery window must fall within the legal hours for cannabis sales and deliveries, 6:00 AM to 10:00 PM.',
    );
  });

  it('refuses same-day delivery on a day the shop does not deliver', async () => {
    const days = EVERY_DAY.filter((day) => day !== 'Sunday');
    expect(
      (await owner.send('PATCH', '/api/dealer-settings', { availableDays: days })).statusCode,
    ).toBe(200);
    try {
      shopAt = at('sunday', '14:00');
      const closed = await place([cartLine(product('Blue Dream'), '1/4 Oz')], {
        orderType: 'delivery',
      });
      expect(closed.json()).toMatchObject({
        code: 'SHOP_CLOSED_TODAY',
        error: 'We don’t deliver today. Please choose a scheduled delivery window.',
      });
    } finally {
      await owner.send('PATCH', '/api/dealer-settings', { availableDays: EVERY_DAY });
    }
  });

  it('makes cannabis products state their grams, sells them only by known amounts and never free', async () => {
    const sauce = product('Live Resin Sauce');
    const unweighed = await owner.send('PATCH', `/api/products/${sauce.id}`, {
      concentrateGrams: 0,
    });
    refusesField(
      unweighed,
      'cannabisGrams',
      'must be above 0 (or the concentrate grams): under these rules a cannabis product states what one unit counts toward the daily limit',
    );
    const pipe = product('Glass Pipe');
    expect((await owner.send('PATCH', `/api/products/${pipe.id}`, { price: 31 })).statusCode).toBe(
      200,
    );
    // a cannabis product left without grams by an older catalog is not sold
    const storeSauceGrams = async (grams: number) => {
      await t.db.kysely
        .updateTable('products')
        .set({ concentrate_grams: grams })
        .where('id', '=', sauce.id)
        .execute();
      t.app.productListCache.invalidate();
    };
    await storeSauceGrams(0);
    const refused = await place([cartLine(sauce, '1')]);
    expect(refused.json()).toMatchObject({ code: 'PRODUCT_NOT_SELLABLE' });
    await storeSauceGrams(1);
    const bulk = await place([cartLine(product('Blue Dream'), 'Bulk')]);
    expect(bulk.json().code).toBe('BULK_OVER_LIMITS');

    // the switch to California made the demo's free joint a free lighter
    const promotions = (await owner.send('GET', '/api/promotions')).json<Promotion[]>();
    const lighter = product('Pocket Lighter');
    expect(promotions.find((p) => p.promoCode === 'FREEJOINT')).toMatchObject({
      title: 'Free Pocket Lighter With Your Order',
      freebieProductId: lighter.id,
    });
    const freeJoint = await owner.send('POST', '/api/promotions', {
      title: 'Free joint',
      description: 'On us',
      discountType: 'freebie',
      freebieProductId: product('Classic Joint').id,
      promoCode: 'JOINT2',
    });
    refusesField(
      freeJoint,
      'freebieProductId',
      'must be an accessory or other non-cannabis product: cannabis goods may not be given away free',
    );
  });

  it('delivers only to the address’s own postal code, and only in California', async () => {
    const delivery = (address: string, postalCode?: string) =>
      place([cartLine(product('Blue Dream'), '1/4 Oz')], {
        orderType: 'delivery',
        address,
        ...(postalCode ? { postalCode } : {}),
      });
    const reno = await delivery('1 Main St, Reno, NV 89501', '94612');
    refusesField(reno, 'postalCode', "doesn't match the address, which ends in 89501");
    const nevada = await delivery('1 Main St, Reno, NV 89501');
    refusesField(nevada, 'address', 'must be in California: we deliver only there');
    expect((await delivery('9 Oak Ave, Berkeley, CA 94704')).statusCode).toBe(201);
  });

  it('keeps a driver’s load within the cap a delivery vehicle may carry', async () => {
    const blair = await staffClient(t, owner, 'driver', 'blair');
    const dear = product('Wedding Cake');
    // the shop sells ounces this dear: its order cap lets them through
    const caps = await owner.send('PATCH', '/api/dealer-settings', { maxOrderSubtotal: 20_000 });
    expect(caps.statusCode, caps.body).toBe(200);
    expect(
      (await owner.send('PATCH', `/api/products/${dear.id}`, { priceOunce: 5_200 })).statusCode,
    ).toBe(200);
    products = await productsByName(t.app);
    const ounces = [];
    for (let i = 0; i < 2; i++) {
      const order = await placed('Wedding Cake', '1 Oz', { orderType: 'delivery' });
      await setStatus(dispatcher.send, order.id, 'accepted');
      ounces.push(order);
    }
    const assign = (order: Order) =>
      dispatcher.send('PATCH', `/api/orders/${order.id}/driver`, { driverId: blair.id });
    expect((await assign(ounces[0]!)).statusCode).toBe(200);
    const over = await assign(ounces[1]!);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      error: `Blair already carries $5200.00 of goods; with order #${ounces[1]!.id} ($5200.00) that passes the $10000.00 a delivery vehicle may carry at once.`,
      code: 'VEHICLE_LIMIT',
      limit: 10_000,
    });
  });

  it('records a return after handover beside the sale: no restock, the goods kept for destruction', async () => {
    const order = await deliveredByAlex('1/4 Oz');
    const line = order.items[0]!;
    const pending = await placed('Blue Dream', '1/8 Oz');
    const stock = await stockOf('Blue Dream');
    const early = await owner.send('POST', `/api/orders/${pending.id}/returns`, {
      reason: 'Changed mind',
      items: [{ lineId: pending.items[0]!.lineId, count: 1 }],
    });
    expect(early.json()).toEqual({
      error: `Order #${pending.id} was not handed over: cancel it instead.`,
      code: 'RETURN_REFUSED',
    });
    const back = await dispatcher.send('POST', `/api/orders/${order.id}/returns`, {
      reason: 'Damaged package',
      items: [{ lineId: line.lineId, count: 1 }],
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<Order>()).toMatchObject({
      status: 'completed',
      returns: [
        {
          reason: 'Damaged package',
          items: [{ lineId: line.lineId, name: 'Blue Dream', quantity: '1/4 Oz', count: 1 }],
          value: line.price,
        },
      ],
    });
    expect(await stockOf('Blue Dream')).toBe(stock);
    const twice = await dispatcher.send('POST', `/api/orders/${order.id}/returns`, {
      reason: 'Again',
      items: [{ lineId: line.lineId, count: 1 }],
    });
    expect(twice.json()).toEqual({
      error: 'Blue Dream (1/4 Oz) was returned already.',
      code: 'RETURN_REFUSED',
    });
    const receipt = await t.app.inject({
      url: `/api/orders/${order.id}/receipt`,
      headers: { cookie: owner.cookie },
    });
    expect(receipt.body).toContain('<span class="mark">RETURN</span>');

    const waiting = (await owner.send('GET', '/api/inventory/to-destroy')).json();
    const dream = waiting.find((p: { name: string }) => p.name === 'Blue Dream');
    expect(dream).toMatchObject({ unit: 'g', amount: 7 });
    const destroy = (amount: number) =>
      owner.send('POST', '/api/inventory/destructions', {
        productId: dream.productId,
        amount,
        witness: 'Pat Lee',
      });
    expect((await destroy(8)).json()).toEqual({
      error: 'Only 7 of Blue Dream is waiting to be destroyed.',
      code: 'DESTRUCTION_REFUSED',
    });
    const destroyed = (await destroy(7)).json();
    expect(destroyed.find((p: { name: string }) => p.name === 'Blue Dream')).toMatchObject({
      amount: 0,
      destructions: [{ amount: 7, witness: 'Pat Lee', by: 'back-office' }],
    });
  });

  it('prices the excise of the day the goods change hands, and says so on the receipt', async () => {
    // 15% until 30 June 2025, 19% from 1 July 2025 (us-ca.ts)
    shopAt = new Date(shopDayStart('2025-06-30', ZONE).getTime() + 14 * 3_600_000);
    const order = await placed('Blue Dream', '1/4 Oz');
    expect(order.taxes.find((tax) => tax.name === 'Cannabis excise tax')?.rate).toBe(15);
    await setStatus(dispatcher.send, order.id, 'ready');
    await dispatcher.send('POST', `/api/orders/${order.id}/id-check`, idOf());
    shopAt = new Date(shopDayStart('2025-07-01', ZONE).getTime() + 10 * 3_600_000);
    const handed = (await setStatus(dispatcher.send, order.id, 'completed')).json<Order>();
    expect(handed.taxes.find((tax) => tax.name === 'Cannabis excise tax')?.rate).toBe(19);
    expect(handed.total).toBeGreaterThan(order.total);
    expect(handed.handoverNote).toBe(
      `Taxes re-priced at handover on 2025-07-01: the cannabis excise tax in force that day is 19% (the order was placed at 15%); total $${order.total.toFixed(2)} → $${handed.total.toFixed(2)}.`,
    );
  });
});

describe.each(BACKENDS)('under the rule set none the spec’s freedom stays on %s', (dialect) => {
  const t = appPerSuite(dialect, { seed: true });

  it('lets the dealer reopen a completed order and delete it, restoring its stock', async () => {
    const owner = await dealerClient(t);
    const products = await productsByName(t.app);
    const dream = products.get('Blue Dream') as Product;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([cartLine(dream, '1/4 Oz')], [...products.values()]),
    });
    const order = answer.json<Order>();
    const completed = await owner.send('PATCH', `/api/orders/${order.id}/status`, {
      status: 'completed',
    });
    expect(completed.statusCode).toBe(200);
    const reopened = await owner.send('PATCH', `/api/orders/${order.id}/status`, {
      status: 'accepted',
    });
    expect(reopened.json<Order>().status).toBe('accepted');
    expect((await owner.send('DELETE', `/api/orders/${order.id}`)).statusCode).toBe(204);
    expect((await productsByName(t.app)).get('Blue Dream')!.stock).toBe(dream.stock);
  });
});
