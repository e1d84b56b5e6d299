import { afterEach, describe, expect, it } from 'vitest';
import { BACKENDS, createTestDb, type TestDb } from '../../../../test/harness';
import { takeStocks } from './repo';

describe.each(BACKENDS)('taking an order’s stock in one statement on %s', (dialect) => {
  let t: TestDb | undefined;
  afterEach(() => t?.dispose());

  async function stockOf(id: number) {
    return t!.db.kysely
      .selectFrom('products')
      .select(['stock', 'flavor_stocks'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it('takes each product only where its stock covers the amount, and says which it took', async () => {
    t = await createTestDb(dialect);
    const [first, second] = await t.db.kysely
      .selectFrom('products')
      .select(['id', 'stock', 'flavor_stocks'])
      .where('stock', '>', 10)
      .orderBy('id')
      .limit(2)
      .execute();
    const flavors = JSON.stringify({ Mango: 4 });

    const rows = await takeStocks(t.db.kysely, [
      { productId: first!.id, amount: 3.5, flavorStocks: flavors },
      { productId: second!.id, amount: second!.stock + 1 },
    ]);

    expect(rows.map((row) => Number(row.id))).toEqual([first!.id]);
    // an eighth of flower is 3.5 g: stock is kept in grams, not whole units
    expect(Number(rows[0]!.stock)).toBe(first!.stock - 3.5);
    expect(await stockOf(first!.id)).toEqual({
      stock: first!.stock - 3.5,
      flavor_stocks: flavors,
    });
    // the short one is untouched: the caller rolls the order back
    expect(await stockOf(second!.id)).toEqual({
      stock: second!.stock,
      flavor_stocks: second!.flavor_stocks,
    });
  });
});
