import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../../test/orders-fixtures';
import { staffClient } from '../../../../test/staff';

describe.each(BACKENDS)('order records export on %s (issue 17 §4)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: true });
  });
  afterAll(() => t.dispose());

  it('gives the owner every order of the shop days as CSV, and nobody else', async () => {
    const products = await productsByName(t.app);
    const line = cartLine(products.get('Sleepy Berry Gummies')!, '1', 3);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([line], [...products.values()], {
        customer: 'Ada, "the" Lovelace',
      }),
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    const today = (
      await t.db.kysely
        .selectFrom('orders')
        .select('shop_date')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow()
    ).shop_date!;

    const owner = await dealerClient(t);
    const res = await owner.send('GET', `/api/records/orders.csv?from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="canopy-orders-${today}-to-${today}.csv"`,
    );
    const [header, ...rows] = parse(res.body) as string[][];
    expect(header!.slice(0, 6)).toEqual([
      'Order',
      'Placed at (UTC)',
      'Shop date',
      'Status',
      'Type',
      'Customer',
    ]);
    const row = rows.find((r) => r[0] === String(order.id))!;
    expect(row[5]).toBe('Ada, "the" Lovelace');
    expect(row[8]).toBe(`Sleepy Berry Gummies (1) x 3 @ ${line.price.toFixed(2)}`);
    expect(row[header!.indexOf('Total')]).toBe(order.total.toFixed(2));

    const before = await owner.send('GET', '/api/records/orders.csv?from=2020-01-01&to=2020-01-31');
    expect(parse(before.body)).toHaveLength(1);
    const backwards = await owner.send(
      'GET',
      `/api/records/orders.csv?from=${today}&to=2020-01-01`,
    );
    expect(backwards.statusCode).toBe(400);

    const dispatcher = await staffClient(t, owner, 'dispatcher');
    expect(
      (await dispatcher.send('GET', `/api/records/orders.csv?from=${today}&to=${today}`))
        .statusCode,
    ).toBe(403);
  });
});
