import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestDb, type TestDb } from '../../../../test/harness';
import { productFromRow } from '../catalog/product-mapper';
import { findOrderProducts, takeStocks } from './repo';

describe.each(BACKENDS)('taking an order’s stock in one statement on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(() => t.dispose());

  async function stockOf(id: number) {
    const row = await t.db.kysely
      .selectFrom('products')
      .select(['stock', 'flavor_stocks'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { stock: Number(row.stock), flavorStocks: JSON.parse(row.flavor_stocks) };
  }

  /** Two products with more than 40 in stock, the first keeping stock per flavor (reset). */
  async function twoProducts() {
    const [first, second] = await t.db.kysely
      .selectFrom('products')
      .select(['id', 'stock'])
      .where('stock', '>', 40)
      .orderBy('id')
      .limit(2)
      .execute();
    await t.db.kysely
      .updateTable('products')
      .set({ flavor_stocks: JSON.stringify({ Mango: 30, Lime: 12 }) })
      .where('id', '=', first.id)
      .execute();
    return { first: first!, second: second! };
  }

  it('takes each product only where its stock covers the amount, and says which it took', async () => {
    const { first, second } = await twoProducts();

    const rows = await takeStocks(
      t.db.kysely,
      [
        { productId: first.id, amount: 3.5, flavorsTaken: JSON.stringify({ Mango: 3.5 }) },
        { productId: second.id, amount: second.stock + 1 },
      ],
      dialect,
    );

    expect(rows.map((row) => Number(row.id))).toEqual([first.id]);
    // an eighth of flower is 3.5 g: stock is kept in grams, not whole units
    expect(Number(rows[0]!.stock)).toBe(first.stock - 3.5);
    // the flavors keep their order and the ones not taken from keep their figure
    expect(Object.entries(JSON.parse(rows[0]!.flavor_stocks))).toEqual([
      ['Mango', 26.5],
      ['Lime', 12],
    ]);
    expect(await stockOf(first.id)).toEqual({
      stock: first.stock - 3.5,
      flavorStocks: { Mango: 26.5, Lime: 12 },
    });
    // the whole product as it is now, category slugs included: what storefronts are sent
    const [stored] = await findOrderProducts(t.db.kysely, [first.id]);
    expect(productFromRow(rows[0]!)).toEqual(productFromRow(stored!));
    expect(stored!.category).toBeTruthy();
    // the short one is untouched: the caller rolls the order back
    expect((await stockOf(second.id)).stock).toBe(second.stock);
  });

  it('leaves a product alone when a flavor it takes from is short or gone, though the product has stock', async () => {
    const { first } = await twoProducts();
    for (const flavorsTaken of [{ Lime: 13 }, { Cherry: 1 }]) {
      const rows = await takeStocks(
        t.db.kysely,
        [{ productId: first.id, amount: 1, flavorsTaken: JSON.stringify(flavorsTaken) }],
        dialect,
      );
      expect(rows).toEqual([]);
    }
    expect(await stockOf(first.id)).toEqual({
      stock: first.stock,
      flavorStocks: { Mango: 30, Lime: 12 },
    });
  });

  it('loses no take when orders take the same products at once, in either order', async () => {
    const { first, second } = await twoProducts();
    const takeBoth = (reversed: boolean) =>
      t.db.writeTransaction(async (trx) => {
        const takes = [
          { productId: first.id, amount: 1, flavorsTaken: JSON.stringify({ Mango: 1 }) },
          { productId: second.id, amount: 1 },
        ];
        const rows = await takeStocks(trx, reversed ? takes.reverse() : takes, dialect);
        expect(rows).toHaveLength(2);
      });

    await Promise.all(Array.from({ length: 20 }, (_, i) => takeBoth(i % 2 === 1)));

    expect(await stockOf(first.id)).toEqual({
      stock: first.stock - 20,
      flavorStocks: { Mango: 10, Lime: 12 },
    });
    expect((await stockOf(second.id)).stock).toBe(second.stock - 20);
  });
});
