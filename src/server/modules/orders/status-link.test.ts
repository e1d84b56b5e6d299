import { describe, expect, it } from 'vitest';
import { dealerClient } from '../../../../test/catalog-admin';
import { BACKENDS } from '../../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../../test/orders-fixtures';
import { appPerSuite } from '../../../../test/suite';

describe.each(BACKENDS)("an order's status link on %s", (dialect) => {
  const t = appPerSuite(dialect, { seed: true });

  it('shows the live status to anyone with the link, without phone, email or address', async () => {
    const products = await productsByName(t.app);
    const product = products.get('Sleepy Berry Gummies');
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders/simple',
      payload: orderBody([cartLine(product!, '1', 2)], [...products.values()], {
        customer: 'Jamie Rivera',
      }),
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    expect(order.statusToken).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // another device: no shopper cookie, no dealer session
    const view = await t.app.inject(`/api/order-status/${order.statusToken}`);
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    expect(view.json()).toMatchObject({
      id: order.id,
      status: 'pending',
      firstName: 'Jamie',
      total: order.total,
      items: [expect.objectContaining({ name: product!.name, count: 2 })],
    });
    expect(view.body).not.toContain('555-0101');
    expect(view.body).not.toContain('sam@example.com');
    expect(view.body).not.toContain('Rivera');

    const dealer = await dealerClient(t);
    await dealer.send('PATCH', `/api/orders/${order.id}/status`, { status: 'on the way' });
    expect((await t.app.inject(`/api/order-status/${order.statusToken}`)).json().status).toBe(
      'on the way',
    );
  });

  it('answers 404 to a wrong, malformed or guessed link', async () => {
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', '1', "x' or 1=1 --"]) {
      const res = await t.app.inject(`/api/order-status/${encodeURIComponent(token)}`);
      expect(res.statusCode, token).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
