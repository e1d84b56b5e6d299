import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../../test/orders-fixtures';
import type { Order } from '../../../shared/schemas/orders';
import type { Product } from '../../../shared/schemas/products';
import { deleteExpiredIdempotencyKeys, IDEMPOTENCY_KEY_LIFETIME_MS } from './idempotency';

describe.each(BACKENDS)('Idempotency-Key on %s', (dialect) => {
  let t: TestApp;
  let products: Map<string, Product>;
  let all: Product[];

  const place = (body: unknown, key: string, shopper: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: body as object,
      headers: { 'idempotency-key': key, cookie: `canopy_shopper=${shopper}` },
    });
  const ordersOf = (shopper: string) =>
    t.db.kysely.selectFrom('orders').select('id').where('shopper_id', '=', shopper).execute();
  const keyRow = (key: string) =>
    t.db.kysely
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    products = await productsByName(t.app);
    all = [...products.values()];
  });
  afterAll(() => t.dispose());

  it('13.10 answers 20 concurrent sends of one key with one order, the same to all', async () => {
    const shopper = 'idem-concurrent-000000000001';
    const body = orderBody([cartLine(products.get('Sleepy Berry Gummies')!, '1')], all);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => place(body, 'concurrent-key-1', shopper)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((a) => a.json<Order>().id));
    expect(ids.size).toBe(1);
    expect(await ordersOf(shopper)).toEqual([{ id: [...ids][0] }]);
  });

  it('13.10 stores the key with the order and its answer; a refusal keeps its answer but no order', async () => {
    const shopper = 'idem-stored-00000000000001';
    const body = orderBody([cartLine(products.get('Sleepy Berry Gummies')!, '1')], all);
    const placed = await place(body, 'stored-key-1', shopper);
    expect(placed.statusCode).toBe(201);
    const row = await keyRow(`${shopper}:stored-key-1`);
    expect(row?.status_code).toBe(201);
    expect(JSON.parse(row?.response_body ?? 'null')).toMatchObject({ id: placed.json().id });

    const tampered = await place({ ...body, total: 1 }, 'stored-key-2', shopper);
    expect(tampered.statusCode).toBe(409);
    expect((await keyRow(`${shopper}:stored-key-2`))?.status_code).toBe(409);
    const again = await place({ ...body, total: 1 }, 'stored-key-2', shopper);
    expect(again.statusCode).toBe(409);
    expect(await ordersOf(shopper)).toHaveLength(1);
  });

  it('13.10 sweeps keys older than 24 h and keeps younger ones', async () => {
    const now = new Date();
    const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
    await t.db.kysely
      .insertInto('idempotency_keys')
      .values([
        {
          key: 'old-key',
          request_hash: 'h',
          status_code: 201,
          response_body: '{}',
          created_at: at(IDEMPOTENCY_KEY_LIFETIME_MS + 60_000),
        },
        {
          key: 'young-key',
          request_hash: 'h',
          status_code: 201,
          response_body: '{}',
          created_at: at(60_000),
        },
      ])
      .execute();
    expect(await deleteExpiredIdempotencyKeys(t.db.kysely, now)).toBeGreaterThanOrEqual(1);
    expect(await keyRow('old-key')).toBeUndefined();
    expect(await keyRow('young-key')).toBeDefined();
  });
});
