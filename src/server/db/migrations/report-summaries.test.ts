import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKENDS, createTestDb, type TestDb } from '../../../../test/harness';
import { RULE_SETS } from '../../../shared/compliance/rule-sets';
import { orderTaxes } from '../../../shared/compliance/taxes';
import { migrateToLatest } from '../migrate';
import { DAY_KEYS, DAY_SUMS } from './2026-11-30T0043-report-summaries';

// biome-ignore lint/suspicious/noExplicitAny: the rows of an older schema than the live type
type AnyDb = any;

const NOT_SALES = ['cancelled', 'returned'];

/** A small deterministic generator, so every run writes the same orders. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Orders taxed as US-CA straight into the tables, as a checkout writes them. */
async function insertOrders(db: AnyDb, count: number, seed: number) {
  const next = random(seed);
  const products: { id: number; name: string; price_cents: number; cannabis: number }[] = await db
    .selectFrom('products')
    .select(['id', 'name', 'price_cents', 'cannabis'])
    .execute();
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const day = `2026-0${1 + Math.floor(next() * 3)}-1${Math.floor(next() * 9)}`;
    const lines = Array.from({ length: 1 + Math.floor(next() * 3) }, () => ({
      product: products[Math.floor(next() * products.length)]!,
      count: 1 + Math.floor(next() * 2),
    }));
    const goods = { cannabisCents: 0, nonCannabisCents: 0 };
    for (const { product, count: units } of lines)
      goods[product.cannabis ? 'cannabisCents' : 'nonCannabisCents'] += product.price_cents * units;
    const type = ['delivery', 'pickup', 'scheduled'][Math.floor(next() * 3)]!;
    const feeCents = type === 'pickup' ? 0 : 500;
    const rates = { salesTaxPercent: next() < 0.5 ? 8.625 : 10.25, localTaxPercent: 10 };
    const taxed =
      next() < 0.2
        ? null
        : orderTaxes(
            RULE_SETS['US-CA'],
            {
              date: day,
              cannabisGoodsCents: goods.cannabisCents,
              nonCannabisGoodsCents: goods.nonCannabisCents,
              feeCents,
            },
            rates,
          );
    const subtotal = goods.cannabisCents + goods.nonCannabisCents;
    const code = next() < 0.3 ? 'welcome10' : null;
    const row = await db
      .insertInto('orders')
      .values({
        customer: 'Jamie Rivera',
        address: '12 Elm Street',
        phone: '415-555-0101',
        status: ['pending', 'completed', 'completed', 'cancelled'][Math.floor(next() * 4)],
        subtotal_cents: subtotal,
        discount_cents: code ? Math.round(subtotal / 10) : 0,
        delivery_fee_cents: feeCents,
        total_cents:
          subtotal + feeCents + (taxed?.lines.reduce((s, l) => s + l.amountCents, 0) ?? 0),
        promo_code: code,
        order_type: type,
        created_at: `${day}T${String(14 + Math.floor(next() * 10)).padStart(2, '0')}:${String(Math.floor(next() * 60)).padStart(2, '0')}:00.000Z`,
        taxes: JSON.stringify(taxed?.lines ?? []),
        shop_date: day,
        sale_date: day,
        tax_context: taxed ? JSON.stringify({ goods, feeCents, rates }) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_items')
      .values(
        lines.map(({ product, count: units }) => ({
          order_id: row.id,
          product_id: product.id,
          name: product.name,
          unit_price_cents: product.price_cents,
          quantity: '1',
          count: units,
          flavor: null,
          strain_type: null,
          stock_taken: units,
          stock_flavor: null,
          cannabis: product.cannabis,
        })),
      )
      .execute();
    ids.push(row.id);
  }
  return ids;
}

const key = (parts: unknown[]) => parts.join('|');
const addTo = (sums: Map<string, number[]>, at: string, values: number[]) => {
  const sum = sums.get(at) ?? values.map(() => 0);
  sums.set(
    at,
    sum.map((value, i) => value + values[i]!),
  );
};
const nonZero = (sums: Map<string, number[]>) =>
  Object.fromEntries([...sums].filter(([, values]) => values.some((v) => v !== 0)));

/** The sums worked out in JavaScript from every order and line, the way the reports define them. */
async function expectedSums(db: AnyDb) {
  const orders = await db.selectFrom('orders').selectAll().execute();
  const items = await db.selectFrom('order_items').selectAll().execute();
  const days = new Map<string, number[]>();
  const products = new Map<string, number[]>();
  const quarters = new Map<string, number[]>();
  for (const o of orders) {
    const lines: { name: string; ratePercent: number; amountCents: number }[] = JSON.parse(o.taxes);
    const ctx = o.tax_context ? JSON.parse(o.tax_context) : null;
    const amount = (name: string) => {
      const of = lines.filter((l) => l.name === name);
      return of.length ? of.reduce((s, l) => s + l.amountCents, 0) : null;
    };
    const cannabis = ctx?.goods.cannabisCents ?? 0;
    const other = ctx?.goods.nonCannabisCents ?? 0;
    const fee = cannabis > 0 ? (ctx?.feeCents ?? 0) : 0;
    const local = amount('Local cannabis business tax');
    const excise = amount('Cannabis excise tax');
    const sales = amount('Sales tax');
    const rate = lines.find((l) => l.name === 'Sales tax')?.ratePercent;
    const exciseBase = excise === null ? 0 : cannabis + fee + (local ?? 0);
    const salesBase = sales === null ? 0 : exciseBase + (excise ?? 0) + other;
    addTo(
      days,
      key([
        o.shop_date,
        o.sale_date,
        o.status,
        o.order_type,
        (o.promo_code ?? '').toUpperCase(),
        rate === undefined ? -1 : Math.round(rate * 10_000),
      ]),
      [
        1,
        o.total_cents,
        o.discount_cents,
        o.discount_cents > 0 ? 1 : 0,
        cannabis,
        other,
        fee,
        local ?? 0,
        exciseBase,
        excise ?? 0,
        salesBase,
        sales ?? 0,
      ],
    );
    if (NOT_SALES.includes(o.status)) continue;
    const minute = Math.floor(Number(o.created_at.slice(14, 16)) / 15) * 15;
    addTo(
      quarters,
      key([o.shop_date, `${o.created_at.slice(0, 14)}${String(minute).padStart(2, '0')}:00.000Z`]),
      [1, o.total_cents],
    );
    for (const i of items.filter((line: { order_id: number }) => line.order_id === o.id))
      addTo(products, key([o.shop_date, i.product_id]), [i.count, i.unit_price_cents * i.count]);
  }
  return { days: nonZero(days), products: nonZero(products), quarters: nonZero(quarters) };
}

async function storedSums(db: AnyDb) {
  const read = async (table: string, keys: string[], sums: string[]) => {
    const map = new Map<string, number[]>();
    for (const row of await db.selectFrom(table).selectAll().execute())
      addTo(
        map,
        key(keys.map((k) => row[k])),
        sums.map((s) => Number(row[s])),
      );
    return nonZero(map);
  };
  return {
    days: await read('report_days', DAY_KEYS, DAY_SUMS),
    products: await read(
      'report_day_products',
      ['shop_date', 'product_id'],
      ['units', 'revenue_cents'],
    ),
    quarters: await read(
      'report_day_quarters',
      ['shop_date', 'quarter'],
      ['orders', 'total_cents'],
    ),
  };
}

/**
 * The reports' per-day sums equal, after every kind of write, the sums of the
 * orders and lines themselves; the migration fills them from the orders written before it.
 */
describe.each(BACKENDS)('the reports’ per-day sums on %s', (dialect) => {
  let t: TestDb | undefined;
  afterEach(() => t?.dispose());

  it('are filled from the orders there before the migration', async () => {
    t = await createTestDb(dialect, { seed: true, migrateTo: '2026-11-30T0041-product-facts' });
    await insertOrders(t.db.kysely, 40, 7);
    await migrateToLatest(t.db);
    const expected = await expectedSums(t.db.kysely);
    expect(Object.keys(expected.days).length).toBeGreaterThan(10);
    expect(Object.keys(expected.products).length).toBeGreaterThan(10);
    expect(Object.keys(expected.quarters).length).toBeGreaterThan(10);
    expect(await storedSums(t.db.kysely)).toEqual(expected);
  });

  it('follow checkouts, status changes, handovers, re-pricing, line changes and deletions', async () => {
    t = await createTestDb(dialect, { seed: true });
    const db = t.db.kysely as AnyDb;
    const ids = await insertOrders(db, 40, 11);
    expect(await storedSums(db)).toEqual(await expectedSums(db));

    // a void, a return, a handover on another day, an order moved to another shop day
    await db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', ids[0]).execute();
    await db.updateTable('orders').set({ status: 'returned' }).where('id', '=', ids[1]).execute();
    await db
      .updateTable('orders')
      .set({ status: 'completed', sale_date: '2026-04-02' })
      .where('id', 'in', ids.slice(2, 6))
      .execute();
    await db
      .updateTable('orders')
      .set({ shop_date: '2026-03-31' })
      .where('id', '=', ids[6])
      .execute();
    // re-priced at handover: other taxes, another total
    await db
      .updateTable('orders')
      .set({
        taxes: JSON.stringify([
          { name: 'Cannabis excise tax', ratePercent: 19, amountCents: 1_900 },
          { name: 'Sales tax', ratePercent: 9.5, amountCents: 950 },
        ]),
        total_cents: 12_345,
      })
      .where('id', '=', ids[7])
      .execute();
    // a line changed, a line added, a line removed, orders deleted with their lines
    await db.updateTable('order_items').set({ count: 7 }).where('order_id', '=', ids[8]).execute();
    const [line] = await db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', ids[9])
      .execute();
    const { id: _id, ...copy } = line;
    await db
      .insertInto('order_items')
      .values({ ...copy, count: 3 })
      .execute();
    await db.deleteFrom('order_items').where('order_id', '=', ids[10]).execute();
    await db.deleteFrom('orders').where('id', 'in', ids.slice(11, 14)).execute();
    // back from a void
    await db.updateTable('orders').set({ status: 'pending' }).where('id', '=', ids[0]).execute();

    expect(await storedSums(db)).toEqual(await expectedSums(db));
    // every stored row is the sum of whole orders (PostgreSQL's shards follow the order)
    const negative = await db
      .selectFrom('report_days')
      .selectAll()
      .where((eb: AnyDb) => eb.or(DAY_SUMS.map((column) => eb(column, '<', 0))))
      .execute();
    expect(negative).toEqual([]);
  });

  /** Every line of the order re-counted: its old count out of the sums and the new one in. */
  const recount = (db: AnyDb, orderId: number, count: number) =>
    db.updateTable('order_items').set({ count }).where('order_id', '=', orderId).execute();

  it.runIf(dialect === 'postgres')(
    'find a new line’s order by its key, whatever plan the connection kept from a young day',
    async () => {
      t = await createTestDb(dialect, { seed: true });
      const db = t.db.kysely as AnyDb;
      await db.connection().execute(async (connection: AnyDb) => {
        // the connection's first checkout plans the lines' triggers while there is one order
        const [first] = await insertOrders(connection, 1, 3);
        await recount(connection, first, 2);
        // the day fills up; the statistics of orders are not refreshed
        await sql`
          insert into orders (customer, address, phone, status, subtotal_cents, discount_cents,
            delivery_fee_cents, total_cents, order_type, created_at, taxes, shop_date, sale_date)
          select customer, address, phone, status, subtotal_cents, discount_cents,
            delivery_fee_cents, total_cents, order_type, created_at, taxes, shop_date, sale_date
          from orders cross join generate_series(1, 2000)`.execute(connection);
        // the connection's count of scans is flushed between transactions, never within one
        const scans = await connection.transaction().execute(async (trx: AnyDb) => {
          const counted = async () => {
            const { rows } = await sql<{ scans: string }>`
              select pg_stat_get_xact_numscans('orders'::regclass) as scans`.execute(trx);
            return Number(rows[0]?.scans);
          };
          const before = await counted();
          const [id] = await insertOrders(trx, 1, 5);
          // a line re-counted: its old count out and its new one in, each by its order's key
          await recount(trx, id, 9);
          return (await counted()) - before;
        });
        // a scan of every order of the day for each checkout's lines would show here
        expect(scans).toBe(0);
      });
      expect(await storedSums(db)).toEqual(await expectedSums(db));
    },
  );

  it.runIf(dialect === 'postgres')(
    'let two checkouts of one shop day add to the sums without waiting for each other',
    async () => {
      t = await createTestDb(dialect, { seed: true });
      const db = t.db.kysely as AnyDb;
      const order = {
        customer: 'Jamie Rivera',
        address: '12 Elm Street',
        phone: '415-555-0101',
        status: 'pending',
        subtotal_cents: 4_500,
        discount_cents: 0,
        delivery_fee_cents: 0,
        total_cents: 4_500,
        order_type: 'pickup',
        created_at: '2026-02-11T15:00:00.000Z',
        taxes: '[]',
        shop_date: '2026-02-11',
        sale_date: '2026-02-11',
      };
      await db.transaction().execute(async (first: AnyDb) => {
        await first.insertInto('orders').values(order).execute();
        // the first is not committed yet: sharing its sum rows, the second would wait for it
        await db.transaction().execute(async (second: AnyDb) => {
          await sql`set local lock_timeout = '5s'`.execute(second);
          await second.insertInto('orders').values(order).execute();
        });
      });
      const day = await db
        .selectFrom('report_days')
        .select(sql<number>`sum(orders)`.as('orders'))
        .where('shop_date', '=', '2026-02-11')
        .executeTakeFirst();
      expect(Number(day.orders)).toBe(2);
    },
  );
});
