/** What counts toward the daily, per-customer and per-driver limits, and the locks that make one customer's orders count one at a time. */

import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import { FINISHED_STATUSES } from '../../../../shared/order-lifecycle';
import { selectProducts } from '../../../db/category-references';
import type { Dialect } from '../../../db/connect';
import { countRows } from '../../../db/count-rows';
import { locksRows } from '../../../db/dialect';
import { reusedQuery } from '../../../db/reused-query';
import type { Database } from '../../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

/**
 * PostgreSQL: one lock per key ("id <hash>", "customer <key>"), held to the commit. Nothing on
 * SQLite, where transactions are serial already (see `locksRows`).
 */
export async function lockKey(trx: Q, dialect: Dialect, key: string): Promise<void> {
  if (!locksRows(dialect)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
}

/** The grams that orders count toward the daily limits, summed (0 with no order). */
const gramsTotals = (eb: ExpressionBuilder<Database, 'orders'>) => [
  eb.fn.coalesce(eb.fn.sum<number>('cannabis_grams'), eb.lit(0)).as('cannabis'),
  eb.fn.coalesce(eb.fn.sum<number>('concentrate_grams'), eb.lit(0)).as('concentrate'),
];

/** What other open orders checked with this ID on the sale day count toward its daily limits. */
export async function gramsForIdOn(
  db: Q,
  saleDate: string,
  idHash: string,
  exceptOrderId: number,
): Promise<{ cannabis: number; concentrate: number }> {
  const row = await db
    .selectFrom('orders')
    .select(gramsTotals)
    .where('id_hash', '=', idHash)
    .where('sale_date', '=', saleDate)
    .where('id', '!=', exceptOrderId)
    .executeTakeFirstOrThrow();
  return { cannabis: Number(row.cannabis), concentrate: Number(row.concentrate) };
}

/**
 * What was handed over on a sale day to one person, however they are known: the phone's key,
 * the shopper cookie or the checked ID's hash (the door re-check).
 */
export async function gramsHandedOverOn(
  db: Q,
  saleDate: string,
  who: { customerKey: string | null; shopperId: string | null; idHash: string | null },
  exceptOrderId: number,
): Promise<{ cannabis: number; concentrate: number }> {
  const row = await db
    .selectFrom('orders')
    .select(gramsTotals)
    .where('status', '=', 'completed')
    .where('id', '!=', exceptOrderId)
    .where((eb) =>
      eb.or([
        ...(who.customerKey
          ? [eb.and([eb('sale_date', '=', saleDate), eb('customer_key', '=', who.customerKey)])]
          : []),
        ...(who.shopperId
          ? [eb.and([eb('sale_date', '=', saleDate), eb('shopper_id', '=', who.shopperId)])]
          : []),
        ...(who.idHash
          ? [eb.and([eb('sale_date', '=', saleDate), eb('id_hash', '=', who.idHash)])]
          : []),
        eb.lit(false),
      ]),
    )
    .executeTakeFirstOrThrow();
  return { cannabis: Number(row.cannabis), concentrate: Number(row.concentrate) };
}

/** The retail value of the goods a driver carries: assigned, not yet handed over or closed. */
export async function driverLoadCents(db: Q, driverId: number, exceptOrderId: number) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('subtotal_cents'), eb.lit(0)).as('cents'))
    .where('driver_id', '=', driverId)
    .where('status', 'not in', FINISHED_STATUSES)
    .where('id', '!=', exceptOrderId)
    .executeTakeFirstOrThrow();
  return Number(row.cents);
}

/**
 * Scheduled orders not finished yet of one shopper cookie, or of one customer (the normalised
 * phone; the phone as typed when it has too few digits to normalise).
 */
export async function countOpenScheduledOrders(
  db: Q,
  who: { shopperId: string } | { customerKey: string | null; phone: string },
): Promise<number> {
  let query = db
    .selectFrom('orders')
    .where('order_type', '=', 'scheduled')
    .where('status', 'not in', FINISHED_STATUSES);
  if ('shopperId' in who) query = query.where('shopper_id', '=', who.shopperId);
  else if (who.customerKey) query = query.where('customer_key', '=', who.customerKey);
  else query = query.where('phone', '=', who.phone);
  return countRows(query);
}

/** Scheduled orders for one delivery day still waiting for the shop to accept them. */
export function countPendingScheduledOn(db: Q, date: string): Promise<number> {
  return countRows(
    db
      .selectFrom('orders')
      .where('status', '=', 'pending')
      .where('order_type', '=', 'scheduled')
      .where('delivery_date', '=', date),
  );
}

/** PostgreSQL: one shopper's scheduled orders are counted and placed one at a time (see `lockKey`). */
export async function lockShopper(
  trx: Transaction<Database>,
  dialect: Dialect,
  shopperId: string,
): Promise<void> {
  if (!locksRows(dialect)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`shopper ${shopperId}`}))`.execute(trx);
}

/** What a customer's orders count on a sale day: the shopper's own, and others' under the phone. */
export interface DayGrams {
  own: { cannabis: number; concentrate: number };
  others: { cannabis: number; concentrate: number };
}

const gramsOf = (cannabis: unknown, concentrate: unknown) => ({
  cannabis: Number(cannabis ?? 0),
  concentrate: Number(concentrate ?? 0),
});

const sumsOfDay = reusedQuery({
  build: (
    db,
    saleDate: string,
    customerKey: string | null,
    shopperId: string,
    exceptOrderId: number,
  ) => {
    const mine = (column: 'cannabis_grams' | 'concentrate_grams', own: boolean) => {
      const grams = sql.ref(column);
      const [ifOwn, ifOther] = own ? [grams, sql`0`] : [sql`0`, grams];
      return sql<number>`coalesce(sum(case when ${sql.ref('shopper_id')} = ${shopperId} then ${ifOwn} else ${ifOther} end), 0)`;
    };
    return (
      db
        .selectFrom('orders')
        .select([
          mine('cannabis_grams', true).as('own_cannabis'),
          mine('concentrate_grams', true).as('own_concentrate'),
          mine('cannabis_grams', false).as('other_cannabis'),
          mine('concentrate_grams', false).as('other_concentrate'),
        ])
        .where('id', '!=', exceptOrderId)
        // each side of the OR names its whole index, so only this customer's rows of the day are read
        .where((eb) =>
          eb.or([
            eb.and([eb('sale_date', '=', saleDate), eb('shopper_id', '=', shopperId)]),
            ...(customerKey
              ? [
                  eb.and([
                    eb('sale_date', '=', saleDate),
                    eb('customer_key', '=', customerKey),
                    eb('status', '!=', 'pending'),
                  ]),
                ]
              : []),
          ]),
        )
    );
  },
  shape: (_saleDate, customerKey, _shopperId, _exceptOrderId) =>
    customerKey ? 'customer' : 'shopper only',
  parameters: (saleDate, customerKey, shopperId, exceptOrderId) => [
    ...Array(4).fill(shopperId),
    exceptOrderId,
    saleDate,
    shopperId,
    ...(customerKey ? [saleDate, customerKey, 'pending'] : []),
  ],
});

/**
 * What counts toward a customer's limits on a sale day: every order of this
 * shopper, and the orders of other shoppers under the same phone once staff accepted them (an
 * unaccepted prank order cannot use up a stranger's day). Closed orders count 0. One statement,
 * compiled once per shape and reused.
 */
export async function dayGramsOf(
  db: Q,
  saleDate: string,
  customerKey: string | null,
  shopperId: string,
  exceptOrderId = 0,
): Promise<DayGrams> {
  const [row] = await sumsOfDay(db, saleDate, customerKey, shopperId, exceptOrderId);
  return {
    own: gramsOf(row?.own_cannabis, row?.own_concentrate),
    others: gramsOf(row?.other_cannabis, row?.other_concentrate),
  };
}

/**
 * PostgreSQL: the same sums, read after taking the customer's and the shopper's locks, so one
 * customer's orders are counted against the daily limits one at a time; one round trip (the
 * function of migration 0029).
 */
export async function dayGramsOfLocked(
  trx: Transaction<Database>,
  saleDate: string,
  customerKey: string | null,
  shopperId: string,
): Promise<DayGrams> {
  const { rows } = await sql<DayGramsRow>`
    select * from canopy_day_grams(${saleDate}, ${customerKey}, ${shopperId})
  `.execute(trx);
  return dayGramsFromRow(rows[0]);
}

/** A customer's day to count against the daily limits. */
export interface CountedDay {
  saleDate: string;
  customerKey: string | null;
  shopperId: string;
}

export type DayGramsRow = Partial<
  Record<'own_cannabis' | 'own_concentrate' | 'other_cannabis' | 'other_concentrate', number>
>;

export function dayGramsFromRow(row: DayGramsRow | null = {}): DayGrams {
  row ??= {};
  return {
    own: gramsOf(row.own_cannabis, row.own_concentrate),
    others: gramsOf(row.other_cannabis, row.other_concentrate),
  };
}

/**
 * PostgreSQL: the order's products as `findOrderProducts` reads them, each row carrying the
 * customer's day as `dayGramsOfLocked` reads it, under the same locks: a licensed checkout's
 * two reads in one round trip. The day is read once for the statement, not per row.
 */
export const findOrderProductsAndDay = reusedQuery({
  build: (db, ids: number[], day: CountedDay) =>
    selectProducts(db)
      .select(
        sql<DayGramsRow>`(select row_to_json(d) from canopy_day_grams(${day.saleDate}, ${day.customerKey}, ${day.shopperId}) as d)`.as(
          'day_grams',
        ),
      )
      .where('products.id', 'in', ids)
      .orderBy('products.id'),
  shape: (ids: number[], _day: CountedDay) => ids.length,
  parameters: (ids: number[], day: CountedDay) => [
    day.saleDate,
    day.customerKey,
    day.shopperId,
    ...ids,
  ],
});

/**
 * A customer's day as checkout counts it against the daily limits: on PostgreSQL under the
 * customer's and the shopper's locks (`dayGramsOfLocked`), so one customer's orders are counted
 * one at a time; on SQLite, whose transactions are serial already, as read (`dayGramsOf`).
 */
export function dayGramsCountedOneAtATime(
  trx: Transaction<Database>,
  dialect: Dialect,
  saleDate: string,
  customerKey: string | null,
  shopperId: string,
): Promise<DayGrams> {
  return locksRows(dialect)
    ? dayGramsOfLocked(trx, saleDate, customerKey, shopperId)
    : dayGramsOf(trx, saleDate, customerKey, shopperId);
}
