import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAfternoonSlot, dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../../test/orders-fixtures';
import { openSocket, type SocketMessage } from '../../../../test/socket';
import { addDays, formatDateOnly } from '../../../shared/availability';
import type { Order } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';
import type { ScheduleSlot } from '../../../shared/schemas/schedule';

/** Every browser's calendar shows "x/y booked": a slot whose count changes is announced to all. */
describe.each(BACKENDS)('schedule-slot-updated reaches connected browsers on %s', (dialect) => {
  let t: TestApp;
  let wsUrl: string;
  let send: Awaited<ReturnType<typeof dealerClient>>['send'];
  let products: Map<string, Product>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    wsUrl = `${(await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')}/ws`;
    ({ send } = await dealerClient(t));
    products = await productsByName(t.app);
  });
  afterAll(() => t.dispose());

  const addSlot = (date: string) => addAfternoonSlot(send, date, 3);
  const slotUpdate = (slotId: number, currentOrders: number) => (m: SocketMessage) =>
    m.type === 'schedule-slot-updated' &&
    (m.data as ScheduleSlot).id === slotId &&
    (m.data as ScheduleSlot).currentOrders === currentOrders;

  it('booking an order into a slot, the dealer moving it and deleting it each announce the slot', async () => {
    const today = formatDateOnly(new Date());
    const first = await addSlot(addDays(today, 2));
    const second = await addSlot(addDays(today, 3));
    const shopper = await openSocket(wsUrl);
    await shopper.next((m) => m.type === 'init');

    const all = [...products.values()];
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([cartLine(products.get('Blue Dream')!, '1/4 Oz')], all, {
        orderType: 'scheduled',
        deliveryDate: first.date,
        deliveryTimeWindow: '1:00 PM - 3:00 PM',
      }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const booked = await shopper.next(slotUpdate(first.id, 1));
    expect(booked.data).toMatchObject({ id: first.id, date: first.date, maxOrders: 3 });

    // the dealer moves the order to the other slot: both counts change
    const order = placed.json<Order>();
    const moved = await send('PATCH', `/api/orders/${order.id}/delivery`, {
      deliveryDate: second.date,
      deliveryTimeWindow: '1:00 PM - 3:00 PM',
      deliveryNotes: null,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await shopper.next(slotUpdate(first.id, 0));
    await shopper.next(slotUpdate(second.id, 1));

    expect((await send('DELETE', `/api/orders/${order.id}`)).statusCode).toBe(204);
    await shopper.next(slotUpdate(second.id, 0));
    shopper.socket.close();
  });
});
