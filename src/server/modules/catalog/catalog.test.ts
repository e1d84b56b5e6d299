import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_PRODUCT_ID_ANSWER } from '../../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../../test/harness';
import type { Category } from '../../../shared/schemas/categories';
import type { Product } from '../../../shared/schemas/products';

describe.each(BACKENDS)('catalog read API on %s', (dialect) => {
  let t: TestApp;
  let products: Product[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    products = (await t.app.inject('/api/products')).json();
  });
  afterAll(() => t.dispose());

  it('lists the demo catalog of 40+ products across flower, prerolls, concentrates, edibles and more', () => {
    expect(products.length).toBeGreaterThanOrEqual(40);
    const categories = new Set(products.map((p) => p.category));
    for (const slug of ['flower', 'prerolls', 'concentrates', 'edibles', 'accessories']) {
      expect(categories).toContain(slug);
    }
    const flower = products.filter((p) => p.category === 'flower');
    expect(new Set(flower.map((p) => p.strain))).toEqual(new Set(['Sativa', 'Indica', 'Hybrid']));
    expect(products.some((p) => p.salePrice !== null)).toBe(true);
    expect(products.some((p) => p.stock === 0)).toBe(true);
    expect(products.some((p) => p.featured)).toBe(true);
    expect(products.some((p) => p.flavors.length > 0 && p.category === 'concentrates')).toBe(true);
  });

  it('speaks dollars with the spec field names', () => {
    const blueDream = products.find((p) => p.name === 'Blue Dream')!;
    expect(blueDream).toMatchObject({
      price: 45,
      salePrice: null,
      category: 'flower',
      subcategory: 'top-shelf',
      strain: 'Hybrid',
    });
    const cookies = products.find((p) => p.name === 'Girl Scout Cookies')!;
    expect(cookies).toMatchObject({
      price: 52,
      priceQuarter: 95,
      priceHalf: 180,
      priceOunce: 320,
      salePriceOunce: 280,
    });
    expect(blueDream.media[0]).toMatch(/^\/media\/[\w-]+\.webp$/);
  });

  it('answers 304 to a matching If-None-Match and compresses the list', async () => {
    const first = await t.app.inject({
      url: '/api/products',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(first.rawPayload).toString())).toHaveLength(products.length);
    const etag = String(first.headers.etag);
    const second = await t.app.inject({ url: '/api/products', headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
  });

  it('forgets the cached list when the catalog changes', async () => {
    const before = String((await t.app.inject('/api/products')).headers.etag);
    await t.db.kysely
      .updateTable('products')
      .set({ stock: 7 })
      .where('name', '=', 'Blue Dream')
      .execute();
    t.app.productListCache.invalidate();
    const after = await t.app.inject('/api/products');
    expect(after.headers.etag).not.toBe(before);
    expect(after.json<Product[]>().find((p) => p.name === 'Blue Dream')!.stock).toBe(7);
  });

  it('lists the newest arrivals of the last 21 days by default, newest first', async () => {
    const newest = (await t.app.inject('/api/products/newest')).json<Product[]>();
    const cutoff = Date.now() - 21 * 86_400_000;
    expect(newest.length).toBeGreaterThan(3);
    expect(newest.every((p) => Date.parse(p.createdAt) >= cutoff)).toBe(true);
    expect(newest.length).toBe(products.filter((p) => Date.parse(p.createdAt) >= cutoff).length);
    const times = newest.map((p) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const week = (await t.app.inject('/api/products/newest?days=7')).json<Product[]>();
    expect(week.length).toBeLessThan(newest.length);
  });

  it('refuses a bad days value with the validation body', async () => {
    const res = await t.app.inject('/api/products/newest?days=-3');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: expect.any(String),
      formattedErrors: ['days: must be at least 1'],
    });
  });

  it('finds one product by id, 404 for an unknown id, 400 for a bad one', async () => {
    const id = products[3].id;
    expect((await t.app.inject(`/api/products/${id}`)).json()).toEqual(products[3]);
    const missing = await t.app.inject('/api/products/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Product not found', code: 'NOT_FOUND' });
    const bad = await t.app.inject('/api/products/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(INVALID_PRODUCT_ID_ANSWER);
  });

  it('finds a product by its readable address, with and without the strain', async () => {
    const withStrain = await t.app.inject('/api/products/by-url/flower/top-shelf/hybrid/gelato-41');
    expect(withStrain.statusCode).toBe(200);
    expect(withStrain.json<Product>().name).toBe('Gelato #41');
    const withoutStrain = await t.app.inject(
      '/api/products/by-url/accessories/general/rolling-papers',
    );
    expect(withoutStrain.json<Product>().name).toBe('Rolling Papers');
    const unspecified = await t.app.inject(
      '/api/products/by-url/flower/top-shelf/unspecified/gelato-41',
    );
    expect(unspecified.json<Product>().name).toBe('Gelato #41');
    expect(
      (await t.app.inject('/api/products/by-url/flower/top-shelf/indica/nope')).statusCode,
    ).toBe(404);
  });

  it('lists categories two levels deep with sortOrder', async () => {
    const categories = (await t.app.inject('/api/categories')).json<Category[]>();
    const top = categories.filter((c) => c.parentId === null);
    expect(top.map((c) => c.slug)).toEqual([
      'flower',
      'prerolls',
      'concentrates',
      'edibles',
      'accessories',
    ]);
    const flowerId = top[0].id;
    const subs = categories.filter((c) => c.parentId === flowerId);
    expect(subs.map((c) => c.slug).sort()).toEqual(['greenhouse', 'indoor', 'top-shelf']);
    const ids = new Set(top.map((c) => c.id));
    expect(categories.every((c) => c.parentId === null || ids.has(c.parentId))).toBe(true);
  });

  it('lists promotions including the predefined BOGO50', async () => {
    const promotions = (await t.app.inject('/api/promotions')).json();
    expect(promotions.find((p: { promoCode: string }) => p.promoCode === 'BOGO50')).toMatchObject({
      isBogo50: true,
      active: true,
    });
    const types = new Set(promotions.map((p: { discountType: string }) => p.discountType));
    expect(types).toEqual(new Set(['percentage', 'fixed', 'freebie']));
    const weekend = promotions.find((p: { promoCode: string }) => p.promoCode === 'WEEKEND15');
    expect(weekend.validDays).toEqual(['saturday', 'sunday']);
  });

  it('serves dealer settings and schedule slots', async () => {
    const settings = (await t.app.inject('/api/dealer-settings')).json();
    expect(settings.availableDays).toContain('Monday');
    expect(JSON.parse(settings.deliveryHours)).toContain('1:00 PM - 3:00 PM');
    expect((await t.app.inject('/api/schedule-slots')).json()).toEqual([]);
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await t.app.inject('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found: GET /api/does-not-exist', code: 'NOT_FOUND' });
  });

  it('sends security headers on every response', async () => {
    for (const url of ['/api/products', '/api/nope', '/']) {
      const res = await t.app.inject(url);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });
});
