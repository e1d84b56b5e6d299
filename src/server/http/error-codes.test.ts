import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../test/harness';
import { cartLine, orderBody, productsByName } from '../../../test/orders-fixtures';
import { ERROR_CODES } from '../../shared/error-codes';
import type { Product } from '../../shared/schemas/products';

describe.each(BACKENDS)('error answers carry a stable code on %s', (dialect) => {
  let t: TestApp;
  let products: Map<string, Product>;
  let send: Awaited<ReturnType<typeof dealerClient>>['send'];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    products = await productsByName(t.app);
    ({ send } = await dealerClient(t));
  });
  afterAll(() => t.dispose());

  const place = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/orders/simple', payload });
  /** The answer has this status and carries this code. */
  const hasCode = (answer: LightMyRequestResponse, status: number, code: string) => {
    expect(answer.statusCode).toBe(status);
    expect(answer.json().code).toBe(code);
  };

  it('every code is UPPER_SNAKE and listed once', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('order refusals keep the spec fields and add OUT_OF_STOCK, PRICE_CHANGED, VALIDATION_FAILED', async () => {
    const all = [...products.values()];
    const papers = products.get('Rolling Papers') as Product;
    const wick = products.get('Hemp Wick') as Product;
    expect((await send('PATCH', `/api/products/${wick.id}`, { stock: 0 })).statusCode).toBe(200);
    const soldOut = await place(orderBody([cartLine(wick, '1')], all));
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toMatchObject({
      error: 'Insufficient inventory',
      code: 'OUT_OF_STOCK',
      outOfStockItems: [{ name: 'Hemp Wick', requested: 1, available: 0 }],
    });

    const wrongTotal = await place({ ...orderBody([cartLine(papers, '1')], all), total: 0.01 });
    expect(wrongTotal.statusCode).toBe(409);
    expect(wrongTotal.json()).toMatchObject({ error: 'Prices changed', code: 'PRICE_CHANGED' });

    const noName = await place({ ...orderBody([cartLine(papers, '1')], all), customer: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: expect.any(Array) });
    expect(noName.json().formattedErrors.length).toBeGreaterThan(0);
  });

  it('the generic answers: NOT_FOUND, UNAUTHORIZED, CROSS_SITE_REQUEST, UNSUPPORTED_MEDIA_TYPE, PAYLOAD_TOO_LARGE', async () => {
    const unknownRoute = await t.app.inject('/api/nothing-here');
    hasCode(unknownRoute, 404, 'NOT_FOUND');

    const unknownProduct = await t.app.inject('/api/products/999999');
    expect(unknownProduct.statusCode).toBe(404);
    expect(unknownProduct.json()).toEqual({ error: 'Product not found', code: 'NOT_FOUND' });

    const anonymous = await send('POST', '/api/categories', { name: 'Anon' }, true);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Dealer login required', code: 'UNAUTHORIZED' });

    const contact = (headers: Record<string, string>, payload: object | string) =>
      t.app.inject({ method: 'POST', url: '/api/contact', headers, payload });
    const crossSite = await contact(
      { origin: 'https://elsewhere.example' },
      { name: 'a', email: 'a@b.c', phone: '1', message: 'hi' },
    );
    hasCode(crossSite, 403, 'CROSS_SITE_REQUEST');

    const plainText = await contact({ 'content-type': 'text/plain' }, 'hello');
    hasCode(plainText, 415, 'UNSUPPORTED_MEDIA_TYPE');

    const huge = await contact(
      { 'content-type': 'application/json' },
      JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
    );
    hasCode(huge, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('back-office refusals: CATEGORY_SLUG_TAKEN, CATEGORY_HAS_SUBCATEGORIES, PROMO_CODE_TAKEN', async () => {
    const duplicate = await send('POST', '/api/categories', { name: 'Flower' });
    hasCode(duplicate, 409, 'CATEGORY_SLUG_TAKEN');

    const categories = (await t.app.inject('/api/categories')).json<
      { id: number; slug: string }[]
    >();
    const flower = categories.find((c) => c.slug === 'flower')!;
    const parent = await send('DELETE', `/api/categories/${flower.id}`);
    hasCode(parent, 400, 'CATEGORY_HAS_SUBCATEGORIES');

    const promo = await send('POST', '/api/promotions', {
      title: 'Again',
      description: 'd',
      promoCode: 'bogo50',
      discountAmount: 5,
    });
    hasCode(promo, 409, 'PROMO_CODE_TAKEN');
  });
});
