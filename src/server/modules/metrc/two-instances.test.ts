import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { type FakeMetrc, startFakeMetrc } from '../../../../test/fake-metrc';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../../test/orders-fixtures';
import type { Order } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';
import { buildApp } from '../../app';
import { connect, type Db } from '../../db/connect';

const SALES = 500;

/**
 * Every instance on one PostgreSQL runs the outbox's drainer; each sale reaches
 * Metrc once, none is left out.
 */
describe.runIf(BACKENDS.includes('postgres'))('two instances reporting to Metrc', () => {
  let fake: FakeMetrc;
  let t: TestApp;
  let otherDb: Db;
  let other: FastifyInstance;
  const orderIds: number[] = [];

  beforeAll(async () => {
    fake = await startFakeMetrc();
    // no drainer on the first instance while the sales are handed over
    t = await createTestApp('postgres', { env: fake.env });
    const owner = await dealerClient(t);
    const byName = await productsByName(t.app);
    const wick = byName.get('Classic Joint') as Product;
    const products = [...byName.values()];
    await t.db.kysely
      .updateTable('products')
      .set({ stock: 10 * SALES })
      .execute();
    const received = await owner.send('POST', '/api/inventory/packages', {
      productId: wick.id,
      tag: '1A4FF0100000022000777777',
      itemName: 'Classic Joint',
      quantity: 2 * SALES,
    });
    expect(received.statusCode, received.body).toBe(200);
    for (let start = 0; start < SALES; start += 25) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(25, SALES - start) }, async () => {
          const placed = await t.app.inject({
            method: 'POST',
            url: '/api/orders/simple',
            payload: orderBody([cartLine(wick, '1', 1)], products),
          });
          const order = placed.json<Order>();
          const done = await owner.send('PATCH', `/api/orders/${order.id}/status`, {
            status: 'completed',
          });
          expect(done.statusCode, done.body).toBe(200);
          return order.id;
        }),
      );
      orderIds.push(...batch);
    }
    // two instances of the shop on one database, each draining every 20 ms
    await t.app.close();
    const schema = t.db.postgres!.schema;
    otherDb = connect({
      dataDir: t.config.dataDir,
      databaseUrl: t.db.postgres!.url,
      pgSchema: schema,
    });
    const build = (db: Db) =>
      buildApp({
        config: t.config,
        db,
        logger: false,
        orderExpiryEveryMs: null,
        metrcDrainEveryMs: 20,
      });
    t.app = await build(t.db);
    other = await build(otherDb);
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await otherDb?.close();
    await t.dispose();
    await fake.close();
  });

  it(`reports ${SALES} sales once each, none missing`, async () => {
    await expect
      .poll(
        async () =>
          (
            await t.db.kysely
              .selectFrom('metrc_outbox')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('status', '=', 'sent')
              .executeTakeFirstOrThrow()
          ).n,
        { timeout: 60_000, interval: 100 },
      )
      .toBe(SALES);
    const numbers = fake.receipts.map((r) => r.ExternalReceiptNumber).sort();
    const expected = orderIds.map((id) => `canopy-order-${id}`).sort();
    expect(numbers).toEqual(expected);
    const posts = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === '/sales/v2/receipts',
    );
    expect(posts).toHaveLength(SALES);
  }, 90_000);
});
