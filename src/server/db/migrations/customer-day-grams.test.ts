import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../../test/harness';
import { migrateToLatest } from '../migrate';

// biome-ignore lint/suspicious/noExplicitAny: the rows of an older schema than the live type
type AnyDb = any;

const DAYS = ['2026-03-02', '2026-03-03'];
const PHONES = ['4155550101', '4155550102', null];
const SHOPPERS = ['shopper-a', 'shopper-b', 'shopper-c', null];
const STATUSES = ['pending', 'accepted', 'out_for_delivery', 'completed'];

/** Orders of a few shoppers under a few phones on two days, in every status, with their grams. */
async function insertOrders(db: AnyDb, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const row = await db
      .insertInto('orders')
      .values({
        shopper_id: SHOPPERS[i % SHOPPERS.length],
        customer: 'Jamie Rivera',
        address: '12 Elm Street',
        phone: '415-555-0101',
        status: STATUSES[i % STATUSES.length],
        subtotal_cents: 4_500,
        discount_cents: 0,
        delivery_fee_cents: 0,
        total_cents: 4_500,
        order_type: 'delivery',
        created_at: '2026-03-02T15:00:00.000Z',
        taxes: '[]',
        shop_date: DAYS[0],
        sale_date: DAYS[i % 3 === 0 ? 1 : 0],
        customer_key: PHONES[i % PHONES.length],
        // a tenth of a gram: sums that do not come out even in binary
        cannabis_grams: 0.1 * (1 + (i % 7)),
        concentrate_grams: i % 5 === 0 ? 0.3 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/**
 * The day as checkout counted it before this migration, straight from the orders: the shopper's
 * own orders in every status, and the phone's accepted orders placed by anyone else.
 */
async function countedFromOrders(db: AnyDb, day: string, phone: string | null, shopper: string) {
  const { rows } = await sql<Record<string, number>>`
    select
      coalesce(sum(cannabis_grams) filter (where shopper_id = ${shopper}), 0) as own_cannabis,
      coalesce(sum(concentrate_grams) filter (where shopper_id = ${shopper}), 0) as own_concentrate,
      coalesce(sum(cannabis_grams) filter (where shopper_id is distinct from ${shopper}), 0) as other_cannabis,
      coalesce(sum(concentrate_grams) filter (where shopper_id is distinct from ${shopper}), 0) as other_concentrate
    from orders
    where (sale_date = ${day} and shopper_id = ${shopper})
       or (${phone}::text is not null and sale_date = ${day} and customer_key = ${phone}
           and status <> 'pending')
  `.execute(db);
  return rows[0];
}

/** Every day, phone and shopper, as `canopy_day_grams` answers it and as the orders add up. */
async function compareEveryDay(db: AnyDb) {
  const asked: unknown[] = [];
  const expected: unknown[] = [];
  for (const day of DAYS)
    for (const phone of PHONES)
      for (const shopper of [...SHOPPERS.filter((s) => s !== null), 'shopper-new']) {
        const { rows } = await db
          .transaction()
          .execute((trx: AnyDb) =>
            sql`select * from canopy_day_grams(${day}, ${phone}, ${shopper})`.execute(trx),
          );
        const round = (row: Record<string, number>) =>
          Object.fromEntries(
            Object.entries(row).map(([k, v]) => [k, Math.round(Number(v) * 1e6) / 1e6]),
          );
        asked.push({ day, phone, shopper, ...round(rows[0]) });
        expected.push({
          day,
          phone,
          shopper,
          ...round(await countedFromOrders(db, day, phone, shopper)),
        });
      }
  expect(asked).toEqual(expected);
  // both parts were counted: the comparison is not of zeros alone
  const counted = (column: 'own_cannabis' | 'other_cannabis') =>
    asked.filter((row) => (row as Record<string, number>)[column] > 0).length;
  expect(counted('own_cannabis')).toBeGreaterThan(5);
  expect(counted('other_cannabis')).toBeGreaterThan(5);
}

/**
 * PostgreSQL counts a customer's day from rows kept by a trigger (SQLite reads the orders, as
 * before): after every kind of write, it answers what the orders themselves add up to.
 */
describe('a customer’s day on postgres, kept per sale day', () => {
  let t: TestDb | undefined;
  afterEach(() => t?.dispose());
  const postgres = Boolean(process.env.TEST_DATABASE_URL);

  it.runIf(postgres)('is filled from the orders there before the migration', async () => {
    t = await createTestDb('postgres', { seed: true, migrateTo: '2026-12-01T0052-report-shards' });
    await insertOrders(t.db.kysely, 48);
    await migrateToLatest(t.db);
    await compareEveryDay(t.db.kysely);
  });

  it.runIf(postgres)(
    'follows acceptance, closing, re-dating, a new phone or shopper and deletions',
    async () => {
      t = await createTestDb('postgres', { seed: true });
      const db = t.db.kysely as AnyDb;
      const ids = await insertOrders(db, 48);
      await compareEveryDay(db);

      const set = (values: Record<string, unknown>, which: number[]) =>
        db.updateTable('orders').set(values).where('id', 'in', which).execute();
      await set({ status: 'accepted' }, ids.slice(0, 6));
      // closed: a cancelled order's grams are 0 (releaseOrderHolds)
      await set({ status: 'cancelled', cannabis_grams: 0, concentrate_grams: 0 }, ids.slice(6, 9));
      await set({ sale_date: DAYS[1] }, ids.slice(9, 13));
      await set({ customer_key: '4155550102' }, ids.slice(13, 16));
      await set({ shopper_id: 'shopper-b' }, ids.slice(16, 19));
      await set({ cannabis_grams: 3.5 }, ids.slice(19, 21));
      // back to pending after a mistaken accept
      await set({ status: 'pending' }, ids.slice(0, 2));
      await db.deleteFrom('orders').where('id', 'in', ids.slice(21, 24)).execute();
      await compareEveryDay(db);
    },
  );
});
