import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../../test/orders-fixtures';
import type { Product } from '../../../shared/schemas/products';

/** JSON text of arrays nested `depth` deep: deeper than any recursive walk's call stack. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** A deeply nested field with an Idempotency-Key is answered, never a 500. */
describe.each(BACKENDS)('deeply nested order bodies on %s', (dialect) => {
  let t: TestApp;
  let body: ReturnType<typeof orderBody>;
  let keys = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const products = await productsByName(t.app);
    const all: Product[] = [...products.values()];
    body = orderBody([cartLine(products.get('Sleepy Berry Gummies')!, '1')], all);
  });
  afterAll(() => t.dispose());

  /** The order's JSON with `field` spliced in as raw JSON text. */
  const place = (field: string, value: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': `deep-${++keys}-${Date.now()}`,
        cookie: 'canopy_shopper=deep-body-shopper-000000001',
      },
      payload: `${JSON.stringify(body).slice(0, -1)},"${field}":${value}}`,
    });

  it('refuses a nested bogo50Details with 400', async () => {
    const res = await place('bogo50Details', nested(100_000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      formattedErrors: [expect.stringMatching(/^bogo50Details: /)],
    });
  });

  it('drops what it does not use, however deep, and places the order', async () => {
    const inBogo = await place(
      'bogo50Details',
      `{"promotionText":"BOGO50","x":${nested(100_000)}}`,
    );
    expect(inBogo.statusCode, inBogo.body).toBe(201);
    const unknown = await place('extra', nested(100_000));
    expect(unknown.statusCode, unknown.body).toBe(201);
    expect(unknown.json()).not.toHaveProperty('extra');
  });
});
