import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import {
  cartLine,
  DELIVERY_ADDRESS,
  orderBody,
  productsByName,
} from '../../../../test/orders-fixtures';
import { signaturePng } from '../../../../test/signature';
import { openSocket } from '../../../../test/socket';
import { staffClient } from '../../../../test/staff';
import type { AuditEntry } from '../../../shared/audit';
import type { Order } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';
import { shopClock } from '../../../shared/shop-clock';

describe.each(BACKENDS)('dispatch and the driver’s stops on %s', (dialect) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof dealerClient>>;
  let dispatcher: Awaited<ReturnType<typeof staffClient>>;
  let alex: Awaited<ReturnType<typeof staffClient>>;
  let blair: Awaited<ReturnType<typeof staffClient>>;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
    owner = await dealerClient(t);
    dispatcher = await staffClient(t, owner, 'dispatcher');
    alex = await staffClient(t, owner, 'driver', 'alex');
    blair = await staffClient(t, owner, 'driver', 'blair');
  });
  afterAll(() => t.dispose());

  /** The ID of Jamie Rivera at this age on the shop's date, valid for another year. */
  function idOf(age: number, overrides: Record<string, unknown> = {}) {
    const today = shopClock(new Date(), t.config.SHOP_TIMEZONE).date;
    const [year, rest] = [Number(today.slice(0, 4)), today.slice(4)];
    return {
      method: 'manual',
      firstName: 'Jamie',
      lastName: 'Rivera',
      dateOfBirth: `${year - age}${rest === '-02-29' ? '-02-28' : rest}`,
      expiry: `${year + 1}-01-31`,
      idNumber: 'D1234567',
      state: 'CA',
      ...overrides,
    };
  }

  const stockOf = async (name: string) => (await productsByName(t.app)).get(name)!.stock;

  /** A $90.50 delivery of a quarter of Blue Dream (7 g from stock). */
  async function placeDelivery(customer = 'Jamie Rivera'): Promise<Order> {
    const products = await productsByName(t.app);
    const dream = products.get('Blue Dream') as Product;
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([cartLine(dream, '1/4 Oz')], [...products.values()], {
        orderType: 'delivery',
        customer,
      }),
    });
    expect(placed.statusCode).toBe(201);
    return placed.json<Order>();
  }

  it('a dispatcher assigns a delivery; only that driver sees it and drives it to delivered', async () => {
    const order = await placeDelivery();
    expect(order.driver).toBeNull();
    const assigned = await dispatcher.send('PATCH', `/api/orders/${order.id}/driver`, {
      driverId: alex.id,
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json<Order>().driver).toEqual({ id: alex.id, firstName: 'Alex' });

    const drivers = (await dispatcher.send('GET', '/api/drivers')).json();
    expect(drivers).toEqual(
      expect.arrayContaining([
        { id: alex.id, firstName: 'Alex', employeeNumber: expect.any(String) },
        { id: blair.id, firstName: 'Blair', employeeNumber: expect.any(String) },
      ]),
    );

    const alexStops = (await alex.send('GET', '/api/deliveries')).json<Order[]>();
    expect(alexStops.map((o) => o.id)).toContain(order.id);
    const stop = alexStops.find((o) => o.id === order.id)!;
    expect(stop).toMatchObject({
      address: DELIVERY_ADDRESS,
      phone: '555-0101',
      total: 90.5,
      items: [expect.objectContaining({ name: 'Blue Dream', quantity: '1/4 Oz', count: 1 })],
    });
    expect((await blair.send('GET', '/api/deliveries')).json<Order[]>()).toEqual([]);
    const notTheirs = await blair.send('PATCH', `/api/deliveries/${order.id}`, {
      status: 'completed',
    });
    expect(notTheirs.statusCode).toBe(404);

    const link = `/api/order-status/${order.statusToken}`;
    expect((await t.app.inject(link)).json().driverFirstName).toBeNull();
    // a stop still "placed" cannot start: the shop accepts it first
    const early = await alex.send('PATCH', `/api/deliveries/${order.id}`, { status: 'on the way' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      error: `Order #${order.id} is not ready to go yet: the shop must accept it first.`,
      code: 'ORDER_STATUS_REFUSED',
    });
    await dispatcher.send('PATCH', `/api/orders/${order.id}/status`, { status: 'accepted' });
    const out = await alex.send('PATCH', `/api/deliveries/${order.id}`, { status: 'on the way' });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject(link)).json()).toMatchObject({
      status: 'on the way',
      driverFirstName: 'Alex',
    });

    const unchecked = await alex.send('PATCH', `/api/deliveries/${order.id}`, {
      status: 'completed',
    });
    expect(unchecked.statusCode).toBe(409);
    expect(unchecked.json()).toEqual({
      error: `Check the customer's ID before handing over order #${order.id}.`,
      code: 'ID_CHECK_REQUIRED',
    });
    const checked = await alex.send('POST', `/api/deliveries/${order.id}/id-check`, idOf(30));
    expect(checked.json<Order>().idCheck).toMatchObject({ passed: true, method: 'manual' });
    const unsigned = await alex.send('PATCH', `/api/deliveries/${order.id}`, {
      status: 'completed',
    });
    expect(unsigned.statusCode).toBe(409);
    expect(unsigned.json()).toEqual({
      error: `Ask Jamie Rivera to sign before handing over order #${order.id}.`,
      code: 'SIGNATURE_REQUIRED',
    });
    const signature = await signaturePng();
    const done = await alex.send('PATCH', `/api/deliveries/${order.id}`, {
      status: 'completed',
      signature,
    });
    expect(done.statusCode).toBe(200);
    const kept = await t.db.kysely
      .selectFrom('orders')
      .select('signature')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(kept.signature).toBe(signature);
    // Activity notes the signature, not its kilobytes of base64
    const log = (await owner.send('GET', '/api/audit?entity=orders')).json<AuditEntry[]>();
    const handover = log.find(
      (e) => e.entityId === String(order.id) && e.changes.status?.to === 'completed',
    );
    expect(handover?.changes.signature).toEqual({ from: null, to: '(signature image)' });
    expect(Date.parse(done.json<Order>().completedAt!)).toBeGreaterThan(Date.parse(order.date) - 1);
    expect((await t.app.inject(link)).json().status).toBe('completed');
    // finished stops leave the driver's list
    const after = (await alex.send('GET', '/api/deliveries')).json<Order[]>();
    expect(after.map((o) => o.id)).not.toContain(order.id);
  });

  it('a returned delivery puts its stock back once, and stays returned', async () => {
    const before = await stockOf('Blue Dream');
    const order = await placeDelivery();
    expect(await stockOf('Blue Dream')).toBe(before - 7);
    await owner.send('PATCH', `/api/orders/${order.id}/driver`, { driverId: alex.id });

    const noReason = await alex.send('PATCH', `/api/deliveries/${order.id}`, {
      status: 'returned',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().formattedErrors).toContain(
      'returnReason: is required when the order is returned',
    );

    const returned = await alex.send('PATCH', `/api/deliveries/${order.id}`, {
      status: 'returned',
      returnReason: 'id-failed',
    });
    expect(returned.statusCode).toBe(200);
    expect(returned.json<Order>()).toMatchObject({ status: 'returned', returnReason: 'id-failed' });
    expect(await stockOf('Blue Dream')).toBe(before);
    // the owner's Activity shows who brought it back, and why
    const activity = (await owner.send('GET', '/api/audit?entity=orders')).json<AuditEntry[]>();
    const entry = activity.find(
      (e) => e.entityId === String(order.id) && e.action === 'brought back',
    );
    expect(entry).toMatchObject({ staffId: alex.id, staffRole: 'driver' });
    expect(entry!.changes.status).toEqual({ from: 'pending', to: 'returned' });
    expect(entry!.changes.return_reason).toEqual({ from: null, to: 'id-failed' });

    const reopen = await owner.send('PATCH', `/api/orders/${order.id}/status`, {
      status: 'accepted',
    });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toEqual({
      error: `Order #${order.id} was returned; its stock is back on the shelf, so its status cannot change.`,
      code: 'ORDER_STATUS_REFUSED',
    });
    const reassign = await owner.send('PATCH', `/api/orders/${order.id}/driver`, {
      driverId: blair.id,
    });
    expect(reassign.statusCode).toBe(409);

    // deleting it later gives nothing back a second time
    expect((await owner.send('DELETE', `/api/orders/${order.id}`)).statusCode).toBe(204);
    expect(await stockOf('Blue Dream')).toBe(before);
  });

  it('nobody home: the driver tries again later; the stop stays theirs, counted, with the note', async () => {
    const before = await stockOf('Blue Dream');
    const order = await placeDelivery();
    await owner.send('PATCH', `/api/orders/${order.id}/driver`, { driverId: alex.id });
    const early = await alex.send('POST', `/api/deliveries/${order.id}/attempts`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('ORDER_STATUS_REFUSED');
    for (const status of ['accepted', 'packed'])
      await dispatcher.send('PATCH', `/api/orders/${order.id}/status`, { status });
    expect((await blair.send('POST', `/api/deliveries/${order.id}/attempts`, {})).statusCode).toBe(
      404,
    );

    for (const note of ['Left a card, will call at 6', undefined]) {
      await alex.send('PATCH', `/api/deliveries/${order.id}`, { status: 'on the way' });
      const tried = await alex.send(
        'POST',
        `/api/deliveries/${order.id}/attempts`,
        note ? { note } : {},
      );
      expect(tried.statusCode).toBe(200);
    }
    const stops = (await alex.send('GET', '/api/deliveries')).json<Order[]>();
    expect(stops.find((stop) => stop.id === order.id)).toMatchObject({
      status: 'packed',
      deliveryAttempts: 2,
      attemptNote: 'Nobody home',
    });
    // the goods are still in the car: nothing went back on the shelf
    expect(await stockOf('Blue Dream')).toBe(before - 7);
    const status = await t.app.inject(`/api/order-status/${order.statusToken}`);
    expect(status.json()).toMatchObject({ deliveryAttempts: 2 });
  });

  it('a cancelled order frees its stock and leaves Active Orders', async () => {
    const before = await stockOf('Blue Dream');
    const order = await placeDelivery();
    const cancelled = await dispatcher.send('PATCH', `/api/orders/${order.id}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await stockOf('Blue Dream')).toBe(before);
  });

  it('refuses drivers for pickups, staff who are not active drivers, and steps of the other type', async () => {
    const products = await productsByName(t.app);
    const gummies = products.get('Sleepy Berry Gummies') as Product;
    const pickup = (
      await t.app.inject({
        method: 'POST',
        url: '/api/orders/simple',
        payload: orderBody([cartLine(gummies, '1')], [...products.values()]),
      })
    ).json<Order>();
    const onPickup = await owner.send('PATCH', `/api/orders/${pickup.id}/driver`, {
      driverId: alex.id,
    });
    expect(onPickup.statusCode).toBe(409);
    expect(onPickup.json().code).toBe('PICKUP_HAS_NO_DRIVER');
    const packed = await owner.send('PATCH', `/api/orders/${pickup.id}/status`, {
      status: 'packed',
    });
    expect(packed.statusCode).toBe(409);
    expect(packed.json().error).toBe('A pickup order cannot be packed.');
    const ready = await owner.send('PATCH', `/api/orders/${pickup.id}/status`, { status: 'ready' });
    expect(ready.json<Order>().status).toBe('ready');

    const delivery = await placeDelivery();
    const toDispatcher = await owner.send('PATCH', `/api/orders/${delivery.id}/driver`, {
      driverId: dispatcher.id,
    });
    expect(toDispatcher.statusCode).toBe(400);
    expect(toDispatcher.json()).toEqual({
      error: 'driverId: must be an active driver',
      code: 'NOT_A_DRIVER',
    });
    const carey = await staffClient(t, owner, 'driver', 'carey');
    await owner.send('PATCH', `/api/staff/${carey.id}`, { disabled: true });
    const toDisabled = await owner.send('PATCH', `/api/orders/${delivery.id}/driver`, {
      driverId: carey.id,
    });
    expect(toDisabled.statusCode).toBe(400);

    await owner.send('PATCH', `/api/orders/${delivery.id}/driver`, { driverId: alex.id });
    const notADriverStep = await alex.send('PATCH', `/api/deliveries/${delivery.id}`, {
      status: 'accepted',
    });
    expect(notADriverStep.statusCode).toBe(400);
    // unassigning takes the stop off the driver's list
    await owner.send('PATCH', `/api/orders/${delivery.id}/driver`, { driverId: null });
    const stops = (await alex.send('GET', '/api/deliveries')).json<Order[]>();
    expect(stops.map((o) => o.id)).not.toContain(delivery.id);
  });

  it('lists a driver’s stops in driving order: same-day first, then by date and window', async () => {
    const first = await placeDelivery('Ari One');
    const second = await placeDelivery('Bo Two');
    for (const order of [second, first])
      await owner.send('PATCH', `/api/orders/${order.id}/driver`, { driverId: blair.id });
    const stops = (await blair.send('GET', '/api/deliveries')).json<Order[]>();
    expect(stops.map((o) => o.customer)).toEqual(['Ari One', 'Bo Two']);
  });

  it('tells a driver’s socket about their stops only, and the driver a stop was taken from', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const wsUrl = `${address.replace('http', 'ws')}/ws`;
    const order = await placeDelivery('Dee Socket');
    await owner.send('PATCH', `/api/orders/${order.id}/driver`, { driverId: alex.id });
    const alexSocket = await openSocket(wsUrl, { cookie: alex.cookie });
    const blairSocket = await openSocket(wsUrl, { cookie: blair.cookie });
    const alexInit = await alexSocket.next((m) => m.type === 'init');
    const blairInit = await blairSocket.next((m) => m.type === 'init');
    const initOrders = (m: { data: unknown }) =>
      (m.data as { orders: Order[] }).orders.map((o) => o.id);
    expect(initOrders(alexInit)).toContain(order.id);
    expect(initOrders(blairInit)).not.toContain(order.id);

    const isThisOrder = (m: { type: string; data: unknown }) =>
      m.type === 'order-updated' && (m.data as Order).id === order.id;
    await owner.send('PATCH', `/api/orders/${order.id}/status`, { status: 'packed' });
    expect((await alexSocket.next(isThisOrder)).data).toMatchObject({ status: 'packed' });
    // a change every socket hears proves blair heard nothing before it
    await owner.send('PATCH', '/api/dealer-settings', { availableDays: ['Wednesday'] });
    await blairSocket.next((m) => m.type === 'dealer-settings-updated');
    expect(blairSocket.received.filter(isThisOrder)).toEqual([]);

    // reassigned: blair gets the stop, alex hears it is no longer theirs
    alexSocket.received.length = 0;
    await owner.send('PATCH', `/api/orders/${order.id}/driver`, { driverId: blair.id });
    expect((await blairSocket.next(isThisOrder)).data).toMatchObject({
      driver: { id: blair.id, firstName: 'Blair' },
    });
    expect((await alexSocket.next(isThisOrder)).data).toMatchObject({
      driver: { id: blair.id },
    });
    for (const s of [alexSocket, blairSocket]) s.socket.close();
  });

  it('checks the ID at the door: 21+, not expired, the orderer; keeps no number or birth date', async () => {
    const order = await placeDelivery('Jamie Rivera');
    await owner.send('PATCH', `/api/orders/${order.id}/driver`, { driverId: alex.id });
    const check = (body: object) => alex.send('POST', `/api/deliveries/${order.id}/id-check`, body);

    const young = await check(idOf(20));
    expect(young.statusCode).toBe(200);
    expect(young.json<Order>().idCheck).toMatchObject({
      passed: false,
      checks: { ofAge: false, notExpired: true, nameMatches: true },
      reasons: ['Under 21 (age 20)'],
      driverId: alex.id,
    });
    // a failed check binds: another try needs the owner's written leave
    const retry = await check(idOf(40));
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({
      error: `Order #${order.id} failed its ID check. Only an owner can allow another check, with a written reason.`,
      code: 'ID_CHECK_FAILED_BEFORE',
    });
    const allowAgain = (reason: string) =>
      owner.send('POST', `/api/orders/${order.id}/id-check-override`, { reason });
    expect((await allowAgain('Customer showed another ID')).statusCode).toBe(200);
    const expired = await check(idOf(40, { expiry: '2020-01-31' }));
    expect(expired.json<Order>().idCheck?.reasons).toEqual(['ID expired on 2020-01-31']);

    await allowAgain('Found a valid licence');
    const otherName = idOf(40, { firstName: 'Morgan', lastName: 'Lee' });
    const confirmed = (await check({ ...otherName, confirmName: true })).json<Order>().idCheck!;
    expect(confirmed).toMatchObject({
      passed: true,
      nameConfirmed: true,
      override: { reason: 'Found a valid licence' },
    });

    // nothing of the ID itself is kept or answered: no number, no birth date
    const stored = await t.db.kysely
      .selectFrom('orders')
      .select(['id_check', 'id_hash'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(stored.id_hash).toMatch(/^[0-9a-f]{64}$/);
    const birth = idOf(40).dateOfBirth;
    for (const text of [stored.id_check!, JSON.stringify(confirmed)]) {
      expect(text).not.toContain('D1234567');
      expect(text).not.toContain(birth);
    }

    const bad = await check({ ...idOf(30), dateOfBirth: '1990-02-30', state: 'California' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().formattedErrors).toEqual([
      'dateOfBirth: must be written YYYY-MM-DD, as the field shows (e.g. 1990-07-04)',
      'state: must be a two-letter state code',
    ]);
    expect(
      (await blair.send('POST', `/api/deliveries/${order.id}/id-check`, idOf(30))).statusCode,
    ).toBe(404);

    // the owner's Activity keeps every check, the confirmed name among them
    const activity = (await owner.send('GET', '/api/audit?entity=orders')).json<AuditEntry[]>();
    const checks = activity.filter(
      (e) => e.entityId === String(order.id) && e.action.startsWith('ID check'),
    );
    expect(checks.map((e) => e.action)).toEqual([
      'ID check passed',
      'ID check failed',
      'ID check failed',
    ]);
    expect(
      activity.filter((e) => e.entityId === String(order.id) && e.action === 'ID re-check allowed'),
    ).toHaveLength(2);
    // the column holds the check as JSON text
    expect(String(checks[0]!.changes.id_check!.to)).toContain('"nameConfirmed":true');
  });
});
