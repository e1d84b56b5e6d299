/**
 * The reports' aggregations, in SQL on both databases (decision 012). Periods are
 * read from the per-day sums that triggers keep in the transaction of every order write
 * (decision 017), by shop day (`shop_date`, the day an order was placed; `sale_date` for the
 * tax report); one day's hours from that day's orders. An hour of the shop's day is the UTC
 * time shifted by the zone's offset, which the service passes per stretch of time.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/connect';
import type { Database } from '../../db/schema';

/** The zone's UTC offset from an instant on (ISO text, compared as text with created_at). */
export interface OffsetStep {
  fromIso: string;
  offsetMinutes: number;
}

const NOT_SALES = ['cancelled', 'returned'];
const n = (value: unknown) => Number(value ?? 0);

/**
 * Minutes since the shop's midnight at `at`, an ISO instant (an order's `created_at`, or the
 * UTC quarter hour a summary row counts).
 */
function localMinuteOfDay(
  at: RawBuilder<string>,
  steps: readonly OffsetStep[],
): RawBuilder<number> {
  const utcMinutes = sql`(cast(substr(${at}, 12, 2) as integer) * 60 + cast(substr(${at}, 15, 2) as integer))`;
  const [first, ...rest] = steps;
  let offset: RawBuilder<unknown> = sql`${sql.lit(first?.offsetMinutes ?? 0)}`;
  // the latest step first: an order placed at or after a step's start takes its offset
  if (rest.length > 0) {
    const whens = [...rest]
      .reverse()
      .map(
        (step) => sql`when ${at} >= ${sql.lit(step.fromIso)} then ${sql.lit(step.offsetMinutes)}`,
      );
    offset = sql`case ${sql.join(whens, sql` `)} else ${sql.lit(first?.offsetMinutes ?? 0)} end`;
  }
  return sql<number>`((${utcMinutes} + ${offset} + 1440) % 1440)`;
}

function weekdayOf(dialect: Dialect, day: RawBuilder<string>): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`cast(extract(dow from cast(${day} as date)) as integer)`
    : sql<number>`cast(strftime('%w', ${day}) as integer)`;
}

const placedBetween = (db: Kysely<Database>, from: string, to: string) =>
  db.selectFrom('orders').where('orders.shop_date', '>=', from).where('orders.shop_date', '<=', to);

/**
 * The per-day sums of the days from..to (kept by triggers, decision 017): shop days, or for
 * the tax report the days of the sale.
 */
const daysBetween = (
  db: Kysely<Database>,
  from: string,
  to: string,
  day: 'shop_date' | 'sale_date' = 'shop_date',
) =>
  db
    .selectFrom('report_days')
    .where(`report_days.${day}`, '>=', from)
    .where(`report_days.${day}`, '<=', to);

/**
 * Per shop day, status and type, the orders, their totals and discounts, from the per-day
 * sums. Totals, days, types, statuses and voids add these up.
 */
export async function salesCells(db: Kysely<Database>, from: string, to: string) {
  const rows = await daysBetween(db, from, to)
    .select([
      'report_days.shop_date as day',
      'report_days.status as status',
      'report_days.order_type as type',
      sql<number>`sum(report_days.orders)`.as('orders'),
      sql<number>`sum(report_days.total_cents)`.as('total'),
      sql<number>`sum(report_days.discount_cents)`.as('discount'),
    ])
    .groupBy(['report_days.shop_date', 'report_days.status', 'report_days.order_type'])
    .having(sql`sum(report_days.orders)`, '>', 0)
    .execute();
  return rows.map((r) => ({
    day: String(r.day),
    status: r.status,
    type: r.type,
    sale: !NOT_SALES.includes(r.status),
    orders: n(r.orders),
    totalCents: n(r.total),
    discountCents: n(r.discount),
  }));
}

/** One day's sales per hour of the shop's clock, from that day's orders. */
export async function salesPerHour(
  db: Kysely<Database>,
  date: string,
  steps: readonly OffsetStep[],
) {
  const hour = sql<number>`(${localMinuteOfDay(sql`orders.created_at`, steps)} / 60)`;
  const rows = await placedBetween(db, date, date)
    .where('orders.status', 'not in', NOT_SALES)
    .select([
      hour.as('hour'),
      sql<number>`count(*)`.as('orders'),
      sql<number>`coalesce(sum(orders.total_cents), 0)`.as('revenue'),
    ])
    .groupBy(hour)
    .execute();
  return rows.map((r) => ({ hour: n(r.hour), orders: n(r.orders), revenueCents: n(r.revenue) }));
}

/**
 * Units and revenue per product sold in the period (at the price each line sold for, before
 * the order's discount), with the product's category today.
 */
export async function soldPerProduct(db: Kysely<Database>, from: string, to: string) {
  const rows = await db
    .selectFrom('report_day_products as sold')
    .leftJoin('products', 'products.id', 'sold.product_id')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .where('sold.shop_date', '>=', from)
    .where('sold.shop_date', '<=', to)
    .select([
      'sold.product_id as id',
      sql<string>`max(sold.name)`.as('name'),
      sql<string>`max(coalesce(categories.name, 'Uncategorized'))`.as('category'),
      sql<number>`sum(sold.revenue_cents)`.as('revenue'),
      sql<number>`sum(sold.units)`.as('units'),
    ])
    .groupBy('sold.product_id')
    .having(sql`sum(sold.units)`, '>', 0)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    category: r.category,
    revenueCents: n(r.revenue),
    units: n(r.units),
  }));
}

export async function promotionsUsed(db: Kysely<Database>, from: string, to: string) {
  const rows = await daysBetween(db, from, to)
    .where('report_days.status', 'not in', NOT_SALES)
    .where('report_days.discounted_orders', '>', 0)
    .select([
      'report_days.promo as code',
      sql<number>`sum(report_days.discounted_orders)`.as('orders'),
      sql<number>`sum(report_days.discount_cents)`.as('discount'),
    ])
    .groupBy('report_days.promo')
    .having(sql`sum(report_days.discounted_orders)`, '>', 0)
    .orderBy(sql`sum(report_days.discount_cents)`, 'desc')
    .execute();
  return rows.map((r) => ({ code: r.code, orders: n(r.orders), discountCents: n(r.discount) }));
}

/** The period's sales per weekday and hour of the shop's clock, from the quarter-hour sums. */
export async function heatmap(
  db: Kysely<Database>,
  dialect: Dialect,
  from: string,
  to: string,
  steps: readonly OffsetStep[],
) {
  const weekday = weekdayOf(dialect, sql`q.shop_date`);
  const hour = sql<number>`(${localMinuteOfDay(sql`q.quarter`, steps)} / 60)`;
  const rows = await db
    .selectFrom('report_day_quarters as q')
    .where('q.shop_date', '>=', from)
    .where('q.shop_date', '<=', to)
    .select([weekday.as('weekday'), hour.as('hour'), sql<number>`sum(q.orders)`.as('orders')])
    .groupBy([weekday, hour])
    .execute();
  return rows.map((r) => ({ weekday: n(r.weekday), hour: n(r.hour), orders: n(r.orders) }));
}

/**
 * Returns recorded between two instants (ISO, end excluded): few, so the service adds up their
 * lines (each keeps the unit price it sold for) as it reads them.
 */
export function returnsBetween(db: Kysely<Database>, fromIso: string, untilIso: string) {
  return db
    .selectFrom('order_returns')
    .select(['order_returns.order_id', 'order_returns.items'])
    .where('order_returns.created_at', '>=', fromIso)
    .where('order_returns.created_at', '<', untilIso)
    .execute();
}

/**
 * The sales handed over on the shop days from..to, per month and sales-tax rate, from the
 * per-day sums. Each order's bases were taken, when it was written, as `taxes.ts` levies them
 * under US-CA: the excise on the cannabis goods, the delivery fee of an order with cannabis and
 * the local tax; the sales tax on that base, the excise and the other goods (the migration
 * 2026-11-30T0043-report-summaries).
 */
export async function taxSums(db: Kysely<Database>, from: string, to: string) {
  const month = sql<string>`substr(report_days.sale_date, 1, 7)`;
  const rows = await daysBetween(db, from, to, 'sale_date')
    .where('report_days.status', '=', 'completed')
    .select([
      month.as('month'),
      'report_days.sales_rate_key as rate',
      sql<number>`sum(report_days.orders)`.as('orders'),
      sql<number>`sum(report_days.total_cents)`.as('total'),
      sql<number>`sum(report_days.cannabis_cents)`.as('cannabis'),
      sql<number>`sum(report_days.other_cents)`.as('other'),
      sql<number>`sum(report_days.fee_cents)`.as('fee'),
      sql<number>`sum(report_days.local_tax_cents)`.as('local_tax'),
      sql<number>`sum(report_days.excise_base_cents)`.as('excise_base'),
      sql<number>`sum(report_days.excise_cents)`.as('excise'),
      sql<number>`sum(report_days.sales_base_cents)`.as('sales_base'),
      sql<number>`sum(report_days.sales_tax_cents)`.as('sales_tax'),
    ])
    .groupBy([month, 'report_days.sales_rate_key'])
    .having(sql`sum(report_days.orders)`, '>', 0)
    .execute();
  return rows.map((r) => ({
    month: String(r.month),
    ratePercent: n(r.rate) < 0 ? null : n(r.rate) / 10_000,
    orders: n(r.orders),
    totalCents: n(r.total),
    cannabisGoodsCents: n(r.cannabis),
    nonCannabisGoodsCents: n(r.other),
    deliveryFeeCents: n(r.fee),
    localTaxCents: n(r.local_tax),
    exciseBaseCents: n(r.excise_base),
    exciseCents: n(r.excise),
    salesTaxBaseCents: n(r.sales_base),
    salesTaxCents: n(r.sales_tax),
  }));
}

export async function voidedBetween(db: Kysely<Database>, from: string, to: string) {
  const row = await daysBetween(db, from, to, 'sale_date')
    .where('report_days.status', '=', 'cancelled')
    .select([
      sql<number>`coalesce(sum(report_days.orders), 0)`.as('orders'),
      sql<number>`coalesce(sum(report_days.total_cents), 0)`.as('total'),
    ])
    .executeTakeFirst();
  return { orders: n(row?.orders), totalCents: n(row?.total) };
}

export function zoneRates(db: Kysely<Database>) {
  return db
    .selectFrom('delivery_zones')
    .select(['name', 'sales_tax_rate'])
    .orderBy('name')
    .execute();
}

export function shopRate(db: Kysely<Database>) {
  return db.selectFrom('dealer_settings').select(['sales_tax_rate']).executeTakeFirst();
}
