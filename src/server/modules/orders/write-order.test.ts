import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestDb, type TestDb } from '../../../../test/harness';
import {
  findOrderItemRows,
  findOrderProducts,
  findOrderRow,
  type PlacedItemRow,
  type PlacedOrderRow,
  type StockTake,
  writeOrder,
} from './repo';

/** An order as checkout fills it: every column it writes, none left to a default. */
function placedOrder(n: number): PlacedOrderRow {
  return {
    shopper_id: `shopper-${n}`,
    customer: 'Sam Shopper',
    address: '12 Elm Street',
    phone: '555-0101',
    email: 'sam@example.com',
    status: 'pending',
    subtotal_cents: 4_250,
    discount_cents: 425,
    delivery_fee_cents: 500,
    total_cents: 4_325,
    promo_code: 'WELCOME10',
    bogo50_details: null,
    order_type: 'delivery',
    delivery_date: '2026-11-27',
    delivery_time_window: '14:00-16:00',
    delivery_notes: 'Ring twice',
    schedule_slot_id: null,
    created_at: '2026-11-27T06:00:00.000Z',
    taxes: JSON.stringify([{ name: 'Sales tax', ratePercent: 7.25, amountCents: 308 }]),
    shop_date: '2026-11-27',
    customer_key: '5550101',
    postal_code: '94110',
    cannabis_grams: 3.5,
    concentrate_grams: 0.5,
    status_token: `token-${n}`,
    sale_date: '2026-11-27',
    tax_context: null,
    holds_slot_place: 1,
  };
}

describe.each(BACKENDS)('writing a placed order on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(() => t.dispose());

  /** Two products with more than 40 in stock, the first keeping stock per flavor (reset). */
  async function twoProducts() {
    const [first, second] = await t.db.kysely
      .selectFrom('products')
      .select(['id', 'name', 'stock'])
      .where('stock', '>', 40)
      .orderBy('id')
      .limit(2)
      .execute();
    await t.db.kysely
      .updateTable('products')
      .set({ flavor_stocks: JSON.stringify({ Mango: 30, Lime: 12 }) })
      .where('id', '=', first!.id)
      .execute();
    return { first: first!, second: second! };
  }

  const line = (product: { id: number; name: string }, extra: Partial<PlacedItemRow> = {}) => ({
    product_id: product.id,
    name: product.name,
    unit_price_cents: 2_000,
    quantity: '1/8 oz',
    count: 1,
    flavor: null,
    strain_type: null,
    stock_taken: 3.5,
    stock_flavor: null,
    cannabis: 1,
    ...extra,
  });

  it('writes the order and its lines in their order, takes the stock, and answers them as stored', async () => {
    const { first, second } = await twoProducts();
    const takes: StockTake[] = [
      { productId: first.id, amount: 3.5, flavorsTaken: JSON.stringify({ Mango: 3.5 }) },
      { productId: second.id, amount: 2 },
    ];
    const lines = [
      line(second, { quantity: '2 units', count: 2, stock_taken: 2, unit_price_cents: null }),
      line(first, { flavor: 'Mango', strain_type: 'Indica', stock_flavor: 'Mango' }),
    ];

    const written = await t.db.writeTransaction((trx) =>
      writeOrder(trx, dialect, placedOrder(1), lines, takes),
    );

    expect(written.order).toEqual(await findOrderRow(t.db.kysely, written.order.id));
    expect(written.order).toMatchObject({ ...placedOrder(1), driver_id: null, id_check: null });
    const storedItems = await findOrderItemRows(t.db.kysely, written.order.id);
    expect(written.items).toEqual(storedItems.sort((a, b) => a.id - b.id));
    expect(written.items.map((item) => [item.product_id, item.quantity])).toEqual([
      [second.id, '2 units'],
      [first.id, '1/8 oz'],
    ]);
    // the products as the take left them, in the shape the catalog reads them
    expect(written.took.sort((a, b) => a.id - b.id)).toEqual(
      await findOrderProducts(t.db.kysely, [first.id, second.id]),
    );
    expect(written.took.map((product) => Number(product.stock))).toEqual([
      first.stock - 3.5,
      second.stock - 2,
    ]);
    // the flavors keep their order and the ones not taken from keep their figure
    expect(Object.entries(JSON.parse(written.took[0]!.flavor_stocks))).toEqual([
      ['Mango', 26.5],
      ['Lime', 12],
    ]);
    expect(written.took[0]!.category).toBeTruthy();
  });

  it('writes an order that takes no stock', async () => {
    const { first } = await twoProducts();
    const written = await t.db.writeTransaction((trx) =>
      writeOrder(trx, dialect, placedOrder(2), [line(first, { stock_taken: 0 })], []),
    );
    expect(written.took).toEqual([]);
    expect(written.items).toEqual(await findOrderItemRows(t.db.kysely, written.order.id));
    expect((await findOrderProducts(t.db.kysely, [first.id]))[0]!.stock).toBe(first.stock);
  });

  it('leaves out of the take a product whose stock falls short, and leaves its stock alone', async () => {
    const { first, second } = await twoProducts();
    const written = await t.db.writeTransaction((trx) =>
      writeOrder(
        trx,
        dialect,
        placedOrder(3),
        [line(first), line(second)],
        [
          { productId: first.id, amount: 1 },
          { productId: second.id, amount: second.stock + 1 },
        ],
      ),
    );
    expect(written.took.map((product) => product.id)).toEqual([first.id]);
    const [, stillSecond] = await findOrderProducts(t.db.kysely, [first.id, second.id]);
    expect(stillSecond!.stock).toBe(second.stock);
  });

  it('leaves a product alone when a flavor it takes from is short or gone, though the product has stock', async () => {
    const { first } = await twoProducts();
    for (const [n, flavorsTaken] of [{ Lime: 13 }, { Cherry: 1 }].entries()) {
      const written = await t.db.writeTransaction((trx) =>
        writeOrder(
          trx,
          dialect,
          placedOrder(10 + n),
          [line(first, { stock_taken: 1 })],
          [{ productId: first.id, amount: 1, flavorsTaken: JSON.stringify(flavorsTaken) }],
        ),
      );
      expect(written.took).toEqual([]);
    }
    const [stored] = await findOrderProducts(t.db.kysely, [first.id]);
    expect(stored!.stock).toBe(first.stock);
    expect(JSON.parse(stored!.flavor_stocks)).toEqual({ Mango: 30, Lime: 12 });
  });

  it('loses no take and no line when orders take the same products at once, in either order', async () => {
    const { first, second } = await twoProducts();
    const takes: StockTake[] = [
      { productId: first.id, amount: 1, flavorsTaken: JSON.stringify({ Mango: 1 }) },
      { productId: second.id, amount: 1 },
    ];
    const place = (n: number) =>
      t.db.writeTransaction((trx) =>
        writeOrder(
          trx,
          dialect,
          placedOrder(100 + n),
          [line(first, { stock_taken: 1 }), line(second, { stock_taken: 1 })],
          n % 2 === 1 ? [...takes].reverse() : takes,
        ),
      );

    const written = await Promise.all(Array.from({ length: 20 }, (_, n) => place(n)));

    expect(written.every((order) => order.took.length === 2 && order.items.length === 2)).toBe(
      true,
    );
    const [nowFirst, nowSecond] = await findOrderProducts(t.db.kysely, [first.id, second.id]);
    expect(nowFirst!.stock).toBe(first.stock - 20);
    expect(JSON.parse(nowFirst!.flavor_stocks)).toEqual({ Mango: 10, Lime: 12 });
    expect(nowSecond!.stock).toBe(second.stock - 20);
  });
});
