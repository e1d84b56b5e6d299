import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../../test/orders-fixtures';
import type { Order } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';

// A flavor order takes that flavor's stock and no other; a sold-out one is refused
describe.each(BACKENDS)('flavor choice on %s', (dialect) => {
  let t: TestApp;
  let all: Product[];
  const place = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/orders/simple', payload: body as object });
  const cart = async () => (await productsByName(t.app)).get('Live Resin Cart')!;

  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
    all = [...(await productsByName(t.app)).values()];
  });
  afterAll(() => t.dispose());

  it('takes two Mango Haze from Mango Haze alone, and the order line and the records CSV name it', async () => {
    const before = await cart();
    expect(before.flavorStocks).toEqual({ 'Blue Razz': 12, 'Mango Haze': 8, 'Grape Ape': 0 });
    const res = await place(
      orderBody([cartLine(before, '1', 2, { flavor: 'Mango Haze' })], all, { customer: 'Flo' }),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    expect(order.items[0]).toMatchObject({
      name: 'Live Resin Cart',
      flavor: 'Mango Haze',
      count: 2,
    });

    const after = await cart();
    expect(after.flavorStocks).toEqual({ 'Blue Razz': 12, 'Mango Haze': 6, 'Grape Ape': 0 });
    expect(after.stock).toBe(before.stock - 2);

    const owner = await dealerClient(t);
    const csv = await owner.send('GET', '/api/records/orders.csv?from=2000-01-01&to=2100-12-31');
    const [header, ...rows] = parse(csv.body) as string[][];
    const row = rows.find((r) => r[0] === String(order.id))!;
    expect(row[header!.indexOf('Items')]).toBe('Live Resin Cart · Mango Haze (1) x 2 @ 45.00');
  });

  it('names the flavor on the records CSV’s return row of a flavor brought back after handover', async () => {
    const res = await place(
      orderBody([cartLine(await cart(), '1', 2, { flavor: 'Blue Razz' })], all, {
        customer: 'Flo',
      }),
    );
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    const owner = await dealerClient(t);
    const done = await owner.send('PATCH', `/api/orders/${order.id}/status`, {
      status: 'completed',
    });
    expect(done.statusCode, done.body).toBe(200);
    const back = await owner.send('POST', `/api/orders/${order.id}/returns`, {
      reason: 'Leaking cartridge',
      items: [{ lineId: order.items[0]!.lineId, count: 1 }],
    });
    expect(back.statusCode, back.body).toBe(200);

    const csv = await owner.send('GET', '/api/records/orders.csv?from=2000-01-01&to=2100-12-31');
    const [header, ...rows] = parse(csv.body) as string[][];
    const returned = rows.find((r) => r[0] === String(order.id) && r[1] === 'return')!;
    expect(returned[header!.indexOf('Items')]).toBe('Live Resin Cart · Blue Razz (1) x 1');
  });

  /** Orders `count` of `flavor`, which is refused with 409 and takes no flavor's stock. */
  const refusedOrder = async (count: number, flavor: string) => {
    const before = await cart();
    const res = await place(orderBody([cartLine(before, '1', count, { flavor })], all));
    expect(res.statusCode).toBe(409);
    expect((await cart()).flavorStocks).toEqual(before.flavorStocks);
    return { product: before, refusal: res.json() };
  };

  it('refuses the sold-out Grape Ape with 409 naming it, and takes nothing', async () => {
    const { product, refusal } = await refusedOrder(1, 'Grape Ape');
    expect(refusal).toEqual({
      error: 'Grape Ape is sold out',
      code: 'FLAVOR_SOLD_OUT',
      message: 'Grape Ape is sold out: please choose another flavor of Live Resin Cart.',
      productId: product.id,
      flavor: 'Grape Ape',
    });
  });

  it('refuses more of a flavor than it has, even when the product has more in other flavors', async () => {
    const { refusal } = await refusedOrder(7, 'Mango Haze');
    expect(refusal).toMatchObject({
      code: 'OUT_OF_STOCK',
      outOfStockItems: [{ name: 'Live Resin Cart', requested: 7, available: 6 }],
    });
  });

  it('asks for a flavor when the product has flavors', async () => {
    const res = await place(orderBody([cartLine(await cart(), '1', 1)], all));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'items.0.flavor', message: 'Please select a flavor before adding to cart.' },
    ]);
  });

  it('gives the flavor its stock back when the dealer deletes the order', async () => {
    const before = await cart();
    const res = await place(orderBody([cartLine(before, '1', 3, { flavor: 'Blue Razz' })], all));
    expect(res.statusCode).toBe(201);
    expect((await cart()).flavorStocks['Blue Razz']).toBe(before.flavorStocks['Blue Razz']! - 3);
    const owner = await dealerClient(t);
    expect((await owner.send('DELETE', `/api/orders/${res.json().id}`)).statusCode).toBe(204);
    expect((await cart()).flavorStocks).toEqual(before.flavorStocks);
  });
});
