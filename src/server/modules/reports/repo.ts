/**
 * The reports' aggregations (issue 41), in SQL on both databases (decision 012). Orders are
 * picked by their shop day (`shop_date`, the day they were placed; `sale_date` for the tax
 * report) on the indexes that lead with it; an hour of the shop's day is the UTC time of
 * `created_at` shifted by the zone's offset, which the service passes per stretch of time.
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

/** Minutes since the shop's midnight when the order was placed. */
function localMinuteOfDay(steps: readonly OffsetStep[]): RawBuilder<number> {
  const utcMinutes = sql`(cast(substr(orders.created_at, 12, 2) as integer) * 60 + cast(substr(orders.created_at, 15, 2) as integer))`;
  const [first, ...rest] = steps;
  let offset: RawBuilder<unknown> = sql`${sql.lit(first?.offsetMinutes ?? 0)}`;
  // the latest step first: an order placed at or after a step's start takes its offset
  if (rest.length > 0) {
    const whens = [...rest]
      .reverse()
      .map(
        (step) =>
          sql`when orders.created_at >= ${sql.lit(step.fromIso)} then ${sql.lit(step.offsetMinutes)}`,
      );
    offset = sql`case ${sql.join(whens, sql` `)} else ${sql.lit(first?.offsetMinutes ?? 0)} end`;
  }
  return sql<number>`((${utcMinutes} + ${offset} + 1440) % 1440)`;
}

function weekdayOfShopDate(dialect: Dialect): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`cast(extract(dow from cast(orders.shop_date as date)) as integer)`
    : sql<number>`cast(strftime('%w', orders.shop_date) as integer)`;
}

const placedBetween = (db: Kysely<Database>, from: string, to: string) =>
  db.selectFrom('orders').where('orders.shop_date', '>=', from).where('orders.shop_date', '<=', to);

/**
 * One pass over the period's orders on the covering index: per shop day, status and type, the
 * orders, their totals and discounts. Totals, days, types, statuses and voids add these up.
 */
export async function salesCells(db: Kysely<Database>, from: string, to: string) {
  const rows = await placedBetween(db, from, to)
    .select([
      'orders.shop_date as day',
      'orders.status as status',
      'orders.order_type as type',
      sql<number>`count(*)`.as('orders'),
      sql<number>`coalesce(sum(orders.total_cents), 0)`.as('total'),
      sql<number>`coalesce(sum(orders.discount_cents), 0)`.as('discount'),
    ])
    .groupBy(['orders.shop_date', 'orders.status', 'orders.order_type'])
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

export async function salesPerHour(
  db: Kysely<Database>,
  date: string,
  steps: readonly OffsetStep[],
) {
  const hour = sql<number>`(${localMinuteOfDay(steps)} / 60)`;
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

/** Lines of the period's sales, at the price they sold for before the order's discount. */
function soldLines(db: Kysely<Database>, from: string, to: string) {
  return db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .where('orders.shop_date', '>=', from)
    .where('orders.shop_date', '<=', to)
    .where('orders.status', 'not in', NOT_SALES);
}
const lineRevenue = sql<number>`coalesce(sum(coalesce(order_items.unit_price_cents, 0) * order_items.count), 0)`;
const lineUnits = sql<number>`coalesce(sum(order_items.count), 0)`;

/** Units and revenue per product sold in the period, with the product's category. */
export async function soldPerProduct(db: Kysely<Database>, from: string, to: string) {
  const rows = await soldLines(db, from, to)
    .leftJoin('products', 'products.id', 'order_items.product_id')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .select([
      'order_items.product_id as id',
      sql<string>`max(order_items.name)`.as('name'),
      sql<string>`max(coalesce(categories.name, 'Uncategorized'))`.as('category'),
      lineRevenue.as('revenue'),
      lineUnits.as('units'),
    ])
    .groupBy('order_items.product_id')
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
  const code = sql<string>`coalesce(upper(orders.promo_code), '')`;
  const rows = await placedBetween(db, from, to)
    .where('orders.status', 'not in', NOT_SALES)
    .where('orders.discount_cents', '>', 0)
    .select([
      code.as('code'),
      sql<number>`count(*)`.as('orders'),
      sql<number>`sum(orders.discount_cents)`.as('discount'),
    ])
    .groupBy(code)
    .orderBy(sql`sum(orders.discount_cents)`, 'desc')
    .execute();
  return rows.map((r) => ({ code: r.code, orders: n(r.orders), discountCents: n(r.discount) }));
}

export async function heatmap(
  db: Kysely<Database>,
  dialect: Dialect,
  from: string,
  to: string,
  steps: readonly OffsetStep[],
) {
  const weekday = weekdayOfShopDate(dialect);
  const hour = sql<number>`(${localMinuteOfDay(steps)} / 60)`;
  const rows = await placedBetween(db, from, to)
    .where('orders.status', 'not in', NOT_SALES)
    .select([weekday.as('weekday'), hour.as('hour'), sql<number>`count(*)`.as('orders')])
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

function contextPart(
  dialect: Dialect,
  path: 'goods.cannabisCents' | 'goods.nonCannabisCents' | 'feeCents',
) {
  if (dialect === 'postgres') {
    const keys = `{${path.replace('.', ',')}}`;
    return sql`coalesce(cast(cast(orders.tax_context as jsonb) #>> ${sql.lit(keys)} as bigint), 0)`;
  }
  return sql`coalesce(json_extract(orders.tax_context, ${sql.lit(`$.${path}`)}), 0)`;
}

/** Each of an order's tax lines (none for '[]'): its name, rate and amount. */
function taxLinesJoin(dialect: Dialect) {
  return dialect === 'postgres'
    ? {
        join: sql`left join lateral jsonb_array_elements(cast(orders.taxes as jsonb)) as t(line) on true`,
        name: sql`t.line->>'name'`,
        amount: sql`cast(t.line->>'amountCents' as bigint)`,
        rate: sql`cast(t.line->>'ratePercent' as numeric)`,
      }
    : {
        join: sql`left join json_each(orders.taxes) as t on 1 = 1`,
        name: sql`json_extract(t.value, '$.name')`,
        amount: sql`json_extract(t.value, '$.amountCents')`,
        rate: sql`json_extract(t.value, '$.ratePercent')`,
      };
}

export interface TaxNames {
  localTax: readonly string[];
  exciseTax: readonly string[];
  salesTax: readonly string[];
}

/**
 * The sales handed over on the shop days from..to, per month and sales-tax rate. Each order's
 * bases are taken as `taxes.ts` levies them under US-CA: the excise on the cannabis goods, the
 * delivery fee of an order with cannabis and the local tax; the sales tax on that base, the
 * excise and the other goods.
 */
export async function taxSums(
  db: Kysely<Database>,
  dialect: Dialect,
  names: TaxNames,
  from: string,
  to: string,
) {
  const line = taxLinesJoin(dialect);
  const namesOf = (list: readonly string[]) => sql.join(list.length > 0 ? list : ['-']);
  const amountOf = (list: readonly string[]) =>
    sql`sum(case when ${line.name} in (${namesOf(list)}) then ${line.amount} end)`;
  const fee = sql`case when o.cannabis > 0 then o.fee else 0 end`;
  const exciseBase = sql`case when o.excise is null then 0 else o.cannabis + ${fee} + coalesce(o.local_tax, 0) end`;
  // The period's sales are picked on (sale_date, status) first and kept apart (materialized):
  // grouped by id straight from the table, SQLite would walk every order in id order instead.
  // Then one pass over each sale's tax lines, pivoted into a row per order.
  const { rows } = await sql<{
    month: string;
    rate: number | string | null;
    orders: number | string;
    total: number | string;
    cannabis: number | string;
    other: number | string;
    fee: number | string;
    local_tax: number | string;
    excise_base: number | string;
    excise: number | string;
    sales_base: number | string;
    sales_tax: number | string;
  }>`
    with sold as materialized (
      select orders.id, orders.sale_date, orders.total_cents, orders.taxes, orders.tax_context
      from orders
      where orders.sale_date >= ${from} and orders.sale_date <= ${to} and orders.status = 'completed'
    ),
    per_order as (
      select max(substr(orders.sale_date, 1, 7)) as month,
        max(orders.total_cents) as total,
        max(${contextPart(dialect, 'goods.cannabisCents')}) as cannabis,
        max(${contextPart(dialect, 'goods.nonCannabisCents')}) as other,
        max(${contextPart(dialect, 'feeCents')}) as fee,
        ${amountOf(names.localTax)} as local_tax,
        ${amountOf(names.exciseTax)} as excise,
        ${amountOf(names.salesTax)} as sales_tax,
        max(case when ${line.name} in (${namesOf(names.salesTax)}) then ${line.rate} end) as sales_rate
      from sold as orders ${line.join}
      group by orders.id
    )
    select o.month as month, o.sales_rate as rate, count(*) as orders, sum(o.total) as total,
      sum(o.cannabis) as cannabis, sum(o.other) as other, sum(${fee}) as fee,
      coalesce(sum(o.local_tax), 0) as local_tax, sum(${exciseBase}) as excise_base,
      coalesce(sum(o.excise), 0) as excise,
      coalesce(sum(case when o.sales_tax is null then 0 else ${exciseBase} + coalesce(o.excise, 0) + o.other end), 0) as sales_base,
      coalesce(sum(o.sales_tax), 0) as sales_tax
    from per_order as o
    group by o.month, o.sales_rate
  `.execute(db);
  return rows.map((r) => ({
    month: String(r.month),
    ratePercent: r.rate === null || r.rate === undefined ? null : Number(r.rate),
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
  const row = await db
    .selectFrom('orders')
    .where('orders.sale_date', '>=', from)
    .where('orders.sale_date', '<=', to)
    .where('orders.status', '=', 'cancelled')
    .select([
      sql<number>`count(*)`.as('orders'),
      sql<number>`coalesce(sum(orders.total_cents), 0)`.as('total'),
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
