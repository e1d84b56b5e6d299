import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../../test/orders-fixtures';
import type { Product } from '../../../shared/schemas/products';

/**
 * On PostgreSQL an order reads its products without locking them and takes the stock last,
 * from the rows as they are then. Another transaction holds the product while the order is
 * placed, changes it and commits: what the order then does is what these check.
 */
describe.runIf(BACKENDS.includes('postgres'))('an order racing a change to its product', () => {
  let t: TestApp;
  let other: pg.Client;
  let product: Product;
  let products: Product[];
  const events: { type: string; data: unknown }[] = [];

  beforeAll(async () => {
    t = await createTestApp('postgres');
    const byName = await productsByName(t.app);
    product = byName.get('Hemp Wick')!;
    products = [...byName.values()];
    t.app.events.subscribe((e) => events.push(e));
  });
  afterAll(() => t.dispose());
  afterEach(async () => {
    await other.end();
    events.length = 0;
  });

  /**
   * From a stock of 10, holds the product's row in another transaction until `change` commits;
   * answers the order's reply.
   */
  async function placeWhileHeld(count: number, change: string) {
    await t.db.kysely
      .updateTable('products')
      .set({ stock: 10 })
      .where('id', '=', product.id)
      .execute();
    other = new pg.Client({
      connectionString: t.db.postgres!.url,
      options: `-c search_path=${t.db.postgres!.schema}`,
    });
    await other.connect();
    await other.query('begin');
    await other.query('select id from products where id = $1 for update', [product.id]);
    const reply = t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([cartLine(product, '1', count)], products),
    });
    await expect
      .poll(async () => {
        // sessions waiting for the row this transaction holds: the order, at its stock take
        const waiting = await other.query(
          'select count(*)::int as n from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))',
        );
        return waiting.rows[0].n;
      })
      .toBeGreaterThan(0);
    await other.query(change, [product.id]);
    await other.query('commit');
    return reply;
  }

  const stockNow = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('products')
          .select('stock')
          .where('id', '=', product.id)
          .executeTakeFirstOrThrow()
      ).stock,
    );

  it('refuses the order when the stock left after the change does not cover it, naming what is left', async () => {
    const ordersBefore = await t.db.kysely.selectFrom('orders').select('id').execute();
    const reply = await placeWhileHeld(2, 'update products set stock = 1 where id = $1');

    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({
      code: 'OUT_OF_STOCK',
      outOfStockItems: [{ name: 'Hemp Wick', requested: 2, available: 1 }],
    });
    expect(await stockNow()).toBe(1);
    expect(await t.db.kysely.selectFrom('orders').select('id').execute()).toEqual(ordersBefore);
  });

  it('takes the stock from the row as changed and tells storefronts the product as it is now', async () => {
    const reply = await placeWhileHeld(
      3,
      `update products set stock = 8, description = 'Restocked by hand' where id = $1`,
    );

    expect(reply.statusCode).toBe(201);
    expect(await stockNow()).toBe(5);
    const told = events.filter((e) => e.type === 'product-updated').map((e) => e.data as Product);
    expect(told).toMatchObject([{ id: product.id, stock: 5, description: 'Restocked by hand' }]);
  });
});
