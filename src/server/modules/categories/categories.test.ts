import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../../../test/harness';
import { dealerPerSuite } from '../../../../test/suite';
import type { Category } from '../../../shared/schemas/categories';
import type { Product } from '../../../shared/schemas/products';
import type { Promotion } from '../../../shared/schemas/promotions';
import { DUPLICATE_SLUG, HAS_SUBCATEGORIES } from './service';

describe.each(BACKENDS)('dealer category API on %s', (dialect) => {
  const { t, send, events } = dealerPerSuite(dialect);

  const categories = async () => (await t.app.inject('/api/categories')).json<Category[]>();
  const bySlug = async (slug: string) => (await categories()).find((c) => c.slug === slug);
  const products = async () => (await t.app.inject('/api/products')).json<Product[]>();
  const create = async (body: object) => {
    const res = await send('POST', '/api/categories', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Category>();
  };
  const product = async (category: string, subcategory: string | null, name: string) => {
    const res = await send('POST', '/api/products', {
      name,
      category,
      subcategory,
      price: 10,
      stock: 5,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Product>();
  };

  it('creates a top-level category with a derived slug, null description and the next sort order', async () => {
    const tops = (await categories()).filter((c) => c.parentId === null);
    const max = Math.max(...tops.map((c) => c.sortOrder));
    const category = await create({
      name: '  Tinctures & Oils ',
      slug: '',
      description: '',
      parentId: 'none',
    });
    expect(category).toMatchObject({
      name: 'Tinctures & Oils',
      slug: 'tinctures-and-oils',
      description: null,
      parentId: null,
      sortOrder: max + 1,
    });
    expect(events).toEqual(expect.arrayContaining(['category-created', 'categories-updated']));
  });

  it('creates a subcategory numbered after its siblings', async () => {
    const flower = (await bySlug('flower'))!;
    const sub = await create({
      name: 'Outdoor',
      parentId: String(flower.id),
      description: 'Sun grown',
    });
    expect(sub).toMatchObject({
      slug: 'outdoor',
      parentId: flower.id,
      sortOrder: 4,
      description: 'Sun grown',
    });
  });

  it('refuses an empty name, a duplicate slug, a missing parent and a subcategory as parent', async () => {
    const empty = await send('POST', '/api/categories', { name: '  ', slug: 'x' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      error: 'Category name cannot be empty',
      errors: [{ path: 'name' }],
    });
    const emptySub = await send('POST', '/api/categories', {
      name: '',
      parentId: (await bySlug('flower'))!.id,
    });
    expect(emptySub.json().error).toBe('Subcategory name cannot be empty');
    const duplicate = await send('POST', '/api/categories', { name: 'Flower!' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: DUPLICATE_SLUG, code: 'CATEGORY_SLUG_TAKEN' });
    const orphan = await send('POST', '/api/categories', { name: 'Orphan', parentId: 999999 });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().error).toBe('Parent category not found');
    const deep = await send('POST', '/api/categories', {
      name: 'Deep',
      parentId: (await bySlug('indoor'))!.id,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error).toBe('A subcategory cannot be a parent');
    expect(
      (await send('POST', '/api/categories', { name: 'Bad', parentId: 'one' })).statusCode,
    ).toBe(400);
  });

  it('renames a slug and re-files its products and promotions in the same change', async () => {
    const drinks = await create({ name: 'Drinks' });
    const sodas = await create({ name: 'Sodas', parentId: drinks.id });
    const soda = await product('drinks', 'sodas', 'Cola');
    const promo = await send('POST', '/api/promotions', {
      title: 'Drinks',
      description: 'd',
      applicableCategories: ['drinks'],
    });
    expect(promo.statusCode).toBe(201);

    const renamed = await send('PATCH', `/api/categories/${drinks.id}`, {
      name: 'Beverages',
      slug: 'beverages',
      description: '',
      parentId: null,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: drinks.id, name: 'Beverages', slug: 'beverages' });
    const sub = await send('PATCH', `/api/categories/${sodas.id}`, { slug: 'soft-drinks' });
    expect(sub.json()).toMatchObject({ name: 'Sodas', slug: 'soft-drinks', parentId: drinks.id });
    const moved = (await products()).find((p) => p.id === soda.id)!;
    expect(moved).toMatchObject({ category: 'beverages', subcategory: 'soft-drinks' });
    const promotions = (await t.app.inject('/api/promotions')).json<Promotion[]>();
    expect(promotions.find((p) => p.id === promo.json().id)!.applicableCategories).toEqual([
      'beverages',
    ]);
    expect(events).toContain('products-updated');
  });

  it('refuses being its own parent, a parent with subcategories becoming a subcategory, and a taken slug', async () => {
    const flower = (await bySlug('flower'))!;
    const edibles = (await bySlug('edibles'))!;
    const self = await send('PATCH', `/api/categories/${flower.id}`, { parentId: flower.id });
    expect(self.json()).toMatchObject({ error: 'A category cannot be its own parent' });
    const nested = await send('PATCH', `/api/categories/${flower.id}`, { parentId: edibles.id });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error).toBe('A category with subcategories cannot become a subcategory');
    const taken = await send('PATCH', `/api/categories/${flower.id}`, { slug: 'edibles' });
    expect(taken.statusCode).toBe(409);
    expect((await send('PATCH', `/api/categories/${flower.id}`, { name: '' })).json().error).toBe(
      'Category name cannot be empty',
    );
    expect((await send('PATCH', '/api/categories/999999', { name: 'X' })).statusCode).toBe(404);
  });

  it('refuses to delete a category a promotion is limited to, naming the promotion', async () => {
    const snacks = await create({ name: 'Snacks' });
    const promo = await send('POST', '/api/promotions', {
      title: 'Snack Attack',
      description: 'd',
      applicableCategories: ['snacks'],
    });
    expect(promo.statusCode).toBe(201);
    const refused = await send('DELETE', `/api/categories/${snacks.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'Snacks is used by the promotion "Snack Attack". Remove it there first.',
      code: 'CATEGORY_USED_BY_PROMOTIONS',
    });
    expect(await bySlug('snacks')).toBeDefined();
    await send('PATCH', `/api/promotions/${promo.json().id}`, { applicableCategories: [] });
    expect((await send('DELETE', `/api/categories/${snacks.id}`)).statusCode).toBe(204);
  });

  it('refuses to delete a category that has subcategories', async () => {
    const flower = (await bySlug('flower'))!;
    const res = await send('DELETE', `/api/categories/${flower.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: HAS_SUBCATEGORIES, code: 'CATEGORY_HAS_SUBCATEGORIES' });
    expect(await bySlug('flower')).toBeDefined();
  });

  it('moves the products of a deleted category to a newly created uncategorized category', async () => {
    expect(await bySlug('uncategorized')).toBeUndefined();
    const misc = await create({ name: 'Misc' });
    const item = await product('misc', null, 'Lighter');
    const res = await send('DELETE', `/api/categories/${misc.id}`);
    expect(res.statusCode).toBe(204);
    expect(await bySlug('misc')).toBeUndefined();
    expect(await bySlug('uncategorized')).toMatchObject({ name: 'Uncategorized', parentId: null });
    expect((await products()).find((p) => p.id === item.id)).toMatchObject({
      category: 'uncategorized',
      subcategory: null,
    });
    expect(events).toEqual(expect.arrayContaining(['category-deleted', 'products-updated']));
  });

  it('clears the subcategory of products when a subcategory is deleted', async () => {
    const greenhouse = (await bySlug('greenhouse'))!;
    const bud = await product('flower', 'greenhouse', 'Greenhouse Bud');
    expect((await send('DELETE', `/api/categories/${greenhouse.id}`)).statusCode).toBe(204);
    expect((await products()).find((p) => p.id === bud.id)).toMatchObject({
      category: 'flower',
      subcategory: null,
    });
    expect((await send('DELETE', `/api/categories/${greenhouse.id}`)).statusCode).toBe(404);
  });

  it('reorders siblings 1..n and refuses categories of different parents', async () => {
    const flower = (await bySlug('flower'))!;
    const subs = (await categories()).filter((c) => c.parentId === flower.id);
    const reversed = [...subs].reverse().map((c, index) => ({ id: c.id, sortOrder: index + 1 }));
    const res = await send('PUT', '/api/categories/reorder', { updates: reversed });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const after = (await categories()).filter((c) => c.parentId === flower.id);
    expect(after.map((c) => c.id)).toEqual(reversed.map((u) => u.id));

    const mixed = await send('PUT', '/api/categories/reorder', {
      updates: [
        { id: flower.id, sortOrder: 1 },
        { id: subs[0].id, sortOrder: 2 },
      ],
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error).toBe(
      'Categories can only be reordered among siblings with the same parent',
    );
    const missing = await send('PUT', '/api/categories/reorder', {
      updates: [{ id: 999999, sortOrder: 1 }],
    });
    expect(missing.statusCode).toBe(400);
    const outOfRange = await send('PUT', '/api/categories/reorder', {
      updates: [{ id: subs[0].id, sortOrder: 3 }],
    });
    expect(outOfRange.statusCode).toBe(400);
  });

  it('refuses every category write without a dealer session', async () => {
    const flower = (await bySlug('flower'))!;
    const calls: [string, string, unknown][] = [
      ['POST', '/api/categories', { name: 'Anon' }],
      ['PATCH', `/api/categories/${flower.id}`, { name: 'Anon' }],
      ['DELETE', `/api/categories/${flower.id}`, undefined],
      ['PUT', '/api/categories/reorder', { updates: [{ id: flower.id, sortOrder: 1 }] }],
    ];
    for (const [method, url, body] of calls) {
      expect((await send(method as 'POST', url, body, true)).statusCode, `${method} ${url}`).toBe(
        401,
      );
    }
  });
});
