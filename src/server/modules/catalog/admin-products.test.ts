import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient, FLOWER_BODY } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import type { Product } from '../../../shared/schemas/products';
import { OUT_OF_STOCK_FEATURE } from './admin-service';

describe.each(BACKENDS)('dealer product API on %s', (dialect) => {
  let t: TestApp;
  let send: Awaited<ReturnType<typeof dealerClient>>['send'];
  const events: string[] = [];
  const featuredLists: Product[][] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ send } = await dealerClient(t));
    t.app.events.subscribe((e) => {
      events.push(e.type);
      if (e.type === 'featured-products-updated') featuredLists.push(e.data as Product[]);
    });
  });
  afterAll(() => t.dispose());

  it('creates a flower product with null weight prices and no sale, and lists it', async () => {
    const res = await send('POST', '/api/products', FLOWER_BODY);
    expect(res.statusCode).toBe(201);
    const product = res.json<Product>();
    expect(product).toMatchObject({
      name: 'Test Kush',
      category: 'flower',
      subcategory: 'indoor',
      price: 40,
      salePrice: null,
      priceQuarter: null,
      priceOunce: null,
      stock: 56,
      strain: 'Indica',
      featured: false,
      strainTypes: [],
      flavors: [],
    });
    expect(events).toContain('product-created');
    const list = (await t.app.inject('/api/products')).json<Product[]>();
    expect(list.some((p) => p.id === product.id)).toBe(true);
  });

  it('keeps flavor strains (Hybrid by default) and sums flavor stocks into the stock', async () => {
    const res = await send('POST', '/api/products', {
      name: 'Flavor Cart',
      category: 'concentrates',
      price: 30,
      flavors: [' Mango ', 'Grape'],
      flavorStrains: { Mango: 'Sativa' },
      flavorStocks: { Mango: 4, Grape: 6, Ghost: 9 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      flavors: ['Mango', 'Grape'],
      flavorStrains: { Mango: 'Sativa', Grape: 'Hybrid' },
      flavorStocks: { Mango: 4, Grape: 6 },
      stock: 10,
      subcategory: null,
    });
  });

  it('refuses invalid products with the field errors', async () => {
    const res = await send('POST', '/api/products', {
      name: ' ',
      category: 'flower',
      price: -1,
      strain: 'Purple',
      flavors: ['a', 'A', ''],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('Invalid product');
    const paths = body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['name', 'price', 'strain', 'flavors.1', 'flavors.2']),
    );
    expect(body.formattedErrors.length).toBe(body.errors.length);
  });

  it('reads number inputs sent as text and refuses text PostgreSQL cannot store', async () => {
    const res = await send('POST', '/api/products', {
      ...FLOWER_BODY,
      price: '45.50',
      stock: '7',
      salePrice: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ price: 45.5, stock: 7, salePrice: null });
    const nul = await send('POST', '/api/products', { ...FLOWER_BODY, name: 'Bad\u0000Name' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors[0].path).toBe('name');
  });

  it('requires stock unless the product has flavors, and whole units outside flower', async () => {
    const noStock = await send('POST', '/api/products', {
      name: 'Gummy',
      category: 'edibles',
      price: 10,
    });
    expect(noStock.statusCode).toBe(400);
    expect(noStock.json().errors[0]).toMatchObject({ path: 'stock' });
    const half = await send('POST', '/api/products', {
      name: 'Gummy',
      category: 'edibles',
      price: 10,
      stock: 1.5,
    });
    expect(half.statusCode).toBe(400);
  });

  it('refuses an unknown category and a subcategory of another category', async () => {
    const unknown = await send('POST', '/api/products', { ...FLOWER_BODY, category: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Category not found: nope');
    const foreign = await send('POST', '/api/products', { ...FLOWER_BODY, subcategory: 'gummies' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].path).toBe('subcategory');
  });

  it('updates only the fields sent and validates the result', async () => {
    const created = (await send('POST', '/api/products', FLOWER_BODY)).json<Product>();
    const res = await send('PATCH', `/api/products/${created.id}`, {
      salePrice: 35,
      stock: 28,
      id: 999,
      createdAt: 'x',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      name: 'Test Kush',
      salePrice: 35,
      stock: 28,
      createdAt: created.createdAt,
    });
    expect(events).toContain('product-updated');
    const bad = await send('PATCH', `/api/products/${created.id}`, { stock: -3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('stock');
    const moved = await send('PATCH', `/api/products/${created.id}`, { subcategory: 'vape-carts' });
    expect(moved.statusCode).toBe(400);
  });

  it('answers 404 for a missing product and 400 for a bad id', async () => {
    expect((await send('PATCH', '/api/products/999999', { stock: 1 })).statusCode).toBe(404);
    expect((await send('PATCH', '/api/products/999999', { stock: 1 })).json()).toEqual({
      error: 'Product not found',
      code: 'NOT_FOUND',
    });
    expect((await send('DELETE', '/api/products/999999')).statusCode).toBe(404);
    expect(
      (await send('PATCH', '/api/products/999999/featured', { featured: true })).statusCode,
    ).toBe(404);
    expect((await send('PATCH', '/api/products/abc', { stock: 1 })).statusCode).toBe(400);
  });

  it('features a product in stock and refuses one without stock', async () => {
    const created = (await send('POST', '/api/products', FLOWER_BODY)).json<Product>();
    const res = await send('PATCH', `/api/products/${created.id}/featured`, { featured: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: created.id, name: 'Test Kush', featured: true });
    // spec §7: the featured list as it now is goes out beside product-updated
    expect(featuredLists.at(-1)?.map((p) => p.id)).toContain(created.id);
    expect(featuredLists.at(-1)?.every((p) => p.featured)).toBe(true);
    await send('PATCH', `/api/products/${created.id}`, { stock: 0 });
    const unfeature = await send('PATCH', `/api/products/${created.id}/featured`, {
      featured: false,
    });
    expect(unfeature.json()).toEqual({ id: created.id, name: 'Test Kush', featured: false });
    expect(featuredLists.at(-1)?.map((p) => p.id)).not.toContain(created.id);
    const refused = await send('PATCH', `/api/products/${created.id}/featured`, { featured: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(OUT_OF_STOCK_FEATURE);
    expect(
      (await send('PATCH', `/api/products/${created.id}/featured`, { featured: 'yes' })).statusCode,
    ).toBe(400);
  });

  it('deletes a product with 204 and publishes it', async () => {
    const created = (await send('POST', '/api/products', FLOWER_BODY)).json<Product>();
    const res = await send('DELETE', `/api/products/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect(events).toContain('product-deleted');
    expect((await t.app.inject(`/api/products/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses every product write without a dealer session', async () => {
    const created = (await send('POST', '/api/products', FLOWER_BODY)).json<Product>();
    const calls: [string, string, unknown][] = [
      ['POST', '/api/products', FLOWER_BODY],
      ['PATCH', `/api/products/${created.id}`, { stock: 1 }],
      ['DELETE', `/api/products/${created.id}`, undefined],
      ['PATCH', `/api/products/${created.id}/featured`, { featured: true }],
    ];
    for (const [method, url, body] of calls) {
      const res = await send(method as 'POST', url, body, true);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ error: 'Dealer login required', code: 'UNAUTHORIZED' });
    }
  });
});
