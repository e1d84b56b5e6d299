import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../../../test/harness';
import { type OldRow, olderDbPerTest } from '../../../../test/suite';
import { migrateToLatest } from '../migrate';

describe.each(BACKENDS)('upgrading to cannabis products on %s', (dialect) => {
  const olderDb = olderDbPerTest(dialect);

  it('marks accessories and merchandise non-cannabis, and order lines as their product', async () => {
    const t = await olderDb('2026-11-25T0027-receipts');
    const db = t.old;
    const { insert } = t;
    const category = (name: string, slug: string, parent_id: number | null = null) =>
      insert('categories', { name, slug, parent_id, sort_order: 1 });
    const product = (name: string, category_id: number, subcategory_id: number | null = null) =>
      insert('products', {
        name,
        category_id,
        subcategory_id,
        description: '',
        price_cents: 1000,
        media: '[]',
        stock: 5,
        created_at: '2026-11-20T10:00:00.000Z',
      });
    const flower = await category('Flower', 'flower');
    const accessories = await category('Accessories', 'accessories');
    const shop = await category('Shop', 'shop');
    const apparel = await category('Apparel', 'apparel', shop);
    const merch = await category('Merch', 'merch');
    const bud = await product('Bud', flower);
    const pipe = await product('Pipe', accessories);
    const hoodie = await product('Hoodie', shop, apparel);
    const cap = await product('Cap', merch);
    const order = await insert('orders', {
      customer: 'Jamie Rivera',
      address: '12 Elm Street',
      phone: '415-555-0101',
      status: 'completed',
      subtotal_cents: 2000,
      total_cents: 2000,
      delivery_fee_cents: 0,
      order_type: 'pickup',
      created_at: '2026-11-20T18:00:00.000Z',
    });
    for (const [product_id, name] of [
      [bud, 'Bud'],
      [pipe, 'Pipe'],
    ] as const)
      await insert('order_items', { order_id: order, product_id, name, quantity: '1', count: 1 });

    await migrateToLatest(t.db);

    const flags = async (table: 'products' | 'order_items', key: 'id' | 'product_id') =>
      Object.fromEntries(
        (await db.selectFrom(table).select([key, 'cannabis']).execute()).map((row: OldRow) => [
          row[key],
          row.cannabis,
        ]),
      );
    expect(await flags('products', 'id')).toEqual({ [bud]: 1, [pipe]: 0, [hoodie]: 0, [cap]: 0 });
    expect(await flags('order_items', 'product_id')).toEqual({ [bud]: 1, [pipe]: 0 });
  });
});
