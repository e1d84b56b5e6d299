import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp, type TestApp } from '../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../test/orders-fixtures';
import { openSocket } from '../../../test/socket';
import { writeWebBuild } from '../../../test/web-build';
import type { Product } from '../../shared/schemas/products';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one sample line of a Prometheus text exposition, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('18.2 metrics endpoint without METRICS_TOKEN', () => {
  it('18.2 answers 404 when METRICS_TOKEN is unset, even with a bearer token', async () => {
    const t = await createTestApp('sqlite', { seed: false });
    try {
      const res = await t.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found: GET /metrics', code: 'NOT_FOUND' });
      expect(res.body).not.toContain('process_cpu');
    } finally {
      await t.dispose();
    }
  });
});

describe.each(BACKENDS)('18.2 metrics on %s', (dialect) => {
  let t: TestApp;
  let products: Map<string, Product>;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { METRICS_TOKEN: TOKEN }, webDir: writeWebBuild() });
    products = await productsByName(t.app);
  });
  afterAll(() => t.dispose());

  const scrape = async () => {
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('18.2 refuses a missing or wrong token with 401 and a code', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, TOKEN, 'Bearer ']) {
      const res = await t.app.inject({
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: 'A valid metrics token is required',
        code: 'METRICS_UNAUTHORIZED',
      });
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('process_cpu');
    }
  });

  it('18.2 counts requests per route pattern, with latency histograms and process figures', async () => {
    const id = products.get('Rolling Papers')?.id;
    await t.app.inject(`/api/products/${id}`);
    await t.app.inject('/api/products/999999');
    const text = await scrape();
    const route = '{method="GET",route="/api/products/:id",status_code="200"}';
    expect(sample(text, `http_request_duration_seconds_count${route}`)).toBe(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/products/:id",status_code="404"}',
      ),
    ).toBe(1);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.05"');
    expect(text).not.toContain(`/api/products/${id}"`);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('18.2 counts repeat visits to a rendered page, which its cache answers', async () => {
    const visit = () => t.app.inject({ url: '/', headers: { cookie: 'canopy_age=1' } });
    const first = await visit();
    expect(first.body).toContain('canopy-state');
    expect((await visit()).headers.etag).toBe(first.headers.etag);
    await visit();
    const text = await scrape();
    const route = '{method="GET",route="/",status_code="200"}';
    expect(sample(text, `http_request_duration_seconds_count${route}`)).toBe(3);
  });

  it('18.2 counts orders placed and refused by reason, bus messages and commit batches', async () => {
    const all = [...products.values()];
    const papers = products.get('Rolling Papers') as Product;
    const order = orderBody([cartLine(papers, '1')], all);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      headers: { 'idempotency-key': 'metrics-retry-1' },
      payload: order,
    });
    expect(placed.statusCode).toBe(201);
    const shopper = placed.cookies.find((c) => c.name === 'canopy_shopper')?.value;
    // the same order sent again (a retry) is answered 201 again but places nothing new
    const retry = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      headers: { 'idempotency-key': 'metrics-retry-1', cookie: `canopy_shopper=${shopper}` },
      payload: order,
    });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe(placed.json().id);
    const soldOut = products.get('Hemp Wick') as Product;
    await t.db.kysely
      .updateTable('products')
      .set({ stock: 0 })
      .where('id', '=', soldOut.id)
      .execute();
    const tooMany = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([cartLine(soldOut, '1')], all),
    });
    expect(tooMany.statusCode).toBe(409);
    const wrongTotal = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: { ...orderBody([cartLine(papers, '1')], all), total: 0.01 },
    });
    expect(wrongTotal.statusCode).toBe(409);

    const text = await scrape();
    expect(sample(text, 'canopy_orders_placed_total')).toBe(1);
    expect(sample(text, 'canopy_orders_refused_total{reason="out_of_stock"}')).toBe(1);
    expect(sample(text, 'canopy_orders_refused_total{reason="price_changed"}')).toBe(1);
    expect(sample(text, 'canopy_event_bus_published_total{type="order-created"}')).toBe(1);
    // PostgreSQL: other apps on the same database (parallel tests) may add their events
    expect(
      sample(text, 'canopy_event_bus_delivered_total{type="order-created"}'),
    ).toBeGreaterThanOrEqual(1);
    if (dialect === 'sqlite') {
      expect(sample(text, 'canopy_group_commit_batch_size_count')).toBeGreaterThanOrEqual(3);
    } else {
      expect(sample(text, 'canopy_db_pool_connections{state="max"}')).toBe(20);
      expect(sample(text, 'canopy_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    }
  });

  it('18.2 reports open WebSocket clients', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await openSocket(`${address.replace('http', 'ws')}/ws`);
    await socket.next((m) => m.type === 'init');
    expect(sample(await scrape(), 'canopy_websocket_clients')).toBe(1);
    socket.socket.close();
    await socket.closed;
  });
});
