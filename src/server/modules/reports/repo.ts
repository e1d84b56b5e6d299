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

export async function salesTotals(db: Kysely<Database>, from: string, to: string) {
  const row = await placedBetween(db, from, to)
    .where('orders.status', 'not in', NOT_SALES)
    .select([
      sql<number>`count(*)`.as('orders'),
      sql<number>`coalesce(sum(orders.total_cents), 0)`.as('revenue'),
      sql<number>`coalesce(sum(orders.discount_cents), 0)`.as('discount'),
    ])
    .executeTakeFirst();
  return { orders: n(row?.orders), revenueCents: n(row?.revenue), discountCents: n(row?.discount) };
}

export async function salesPerDay(db: Kysely<Database>, from: string, to: string) {
  const rows = await placedBetween(db, from, to)
    .where('orders.status', 'not in', NOT_SALES)
    .select([
      'orders.shop_date as key',
      sql<number>`count(*)`.as('orders'),
      sql<number>`coalesce(sum(orders.total_cents), 0)`.as('revenue'),
    ])
    .groupBy('orders.shop_date')
    .execute();
  return rows.map((r) => ({ key: String(r.key), orders: n(r.orders), revenueCents: n(r.revenue) }));
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

export async function ordersByType(db: Kysely<Database>, from: string, to: string) {
  const rows = await placedBetween(db, from, to)
    .where('orders.status', 'not in', NOT_SALES)
    .select([
      'orders.order_type as type',
      sql<number>`count(*)`.as('orders'),
      sql<number>`coalesce(sum(orders.total_cents), 0)`.as('revenue'),
    ])
    .groupBy('orders.order_type')
    .execute();
  return rows.map((r) => ({ type: r.type, orders: n(r.orders), revenueCents: n(r.revenue) }));
}

export async function ordersByStatus(db: Kysely<Database>, from: string, to: string) {
  const rows = await placedBetween(db, from, to)
    .select([
      'orders.status as status',
      'orders.order_type as type',
      sql<number>`count(*)`.as('orders'),
      sql<number>`coalesce(sum(orders.total_cents), 0)`.as('total'),
    ])
    .groupBy(['orders.status', 'orders.order_type'])
    .execute();
  return rows.map((r) => ({
    status: r.status,
    type: r.type,
    orders: n(r.orders),
    totalCents: n(r.total),
  }));
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

export async function topProducts(
  db: Kysely<Database>,
  from: string,
  to: string,
  by: 'revenue' | 'units',
) {
  const rows = await soldLines(db, from, to)
    .select([
      'order_items.product_id as id',
      sql<string>`max(order_items.name)`.as('name'),
      lineRevenue.as('revenue'),
      lineUnits.as('units'),
    ])
    .groupBy('order_items.product_id')
    .orderBy(by === 'revenue' ? lineRevenue : lineUnits, 'desc')
    .orderBy('order_items.product_id')
    .limit(10)
    .execute();
  return rows.map((r) => ({ name: r.name, revenueCents: n(r.revenue), units: n(r.units) }));
}

export async function topCategories(
  db: Kysely<Database>,
  from: string,
  to: string,
  by: 'revenue' | 'units',
) {
  const rows = await soldLines(db, from, to)
    .leftJoin('products', 'products.id', 'order_items.product_id')
    .leftJoin('categories', 'categories.id', 'products.category_id')
    .select([
      sql<string>`coalesce(categories.name, 'Uncategorized')`.as('name'),
      lineRevenue.as('revenue'),
      lineUnits.as('units'),
    ])
    .groupBy(sql`coalesce(categories.name, 'Uncategorized')`)
    .orderBy(by === 'revenue' ? lineRevenue : lineUnits, 'desc')
    .orderBy(sql`coalesce(categories.name, 'Uncategorized')`)
    .limit(10)
    .execute();
  return rows.map((r) => ({ name: r.name, revenueCents: n(r.revenue), units: n(r.units) }));
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

/** Orders placed in the period that were voided, or returned undelivered. */
export async function closedOrders(db: Kysely<Database>, from: string, to: string) {
  const rows = await placedBetween(db, from, to)
    .where('orders.status', 'in', NOT_SALES)
    .select([
      'orders.status as status',
      sql<number>`count(*)`.as('orders'),
      sql<number>`coalesce(sum(orders.total_cents), 0)`.as('total'),
    ])
    .groupBy('orders.status')
    .execute();
  const of = (status: string) => {
    const row = rows.find((r) => r.status === status);
    return { orders: n(row?.orders), totalCents: n(row?.total) };
  };
  return { voided: of('cancelled'), returnedUndelivered: of('returned') };
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

/** The sums of one tax in an order's `taxes` JSON list, by the names the rule sets give it. */
function taxOf(dialect: Dialect, names: readonly string[], field: 'amountCents' | 'ratePercent') {
  const list = names.length > 0 ? names : ['-'];
  if (dialect === 'postgres') {
    const value =
      field === 'amountCents'
        ? sql`sum(cast(t.line->>'amountCents' as bigint))`
        : sql`max(cast(t.line->>'ratePercent' as numeric))`;
    return sql`(select ${value} from jsonb_array_elements(cast(orders.taxes as jsonb)) as t(line) where t.line->>'name' in (${sql.join(list)}))`;
  }
  const value =
    field === 'amountCents'
      ? sql`sum(json_extract(t.value, '$.amountCents'))`
      : sql`max(json_extract(t.value, '$.ratePercent'))`;
  return sql`(select ${value} from json_each(orders.taxes) as t where json_extract(t.value, '$.name') in (${sql.join(list)}))`;
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
  const perOrder = db
    .selectFrom('orders')
    .where('orders.sale_date', '>=', from)
    .where('orders.sale_date', '<=', to)
    .where('orders.status', '=', 'completed')
    .select([
      sql<string>`substr(orders.sale_date, 1, 7)`.as('month'),
      'orders.total_cents as total',
      contextPart(dialect, 'goods.cannabisCents').as('cannabis'),
      contextPart(dialect, 'goods.nonCannabisCents').as('other'),
      contextPart(dialect, 'feeCents').as('fee'),
      taxOf(dialect, names.localTax, 'amountCents').as('local_tax'),
      taxOf(dialect, names.exciseTax, 'amountCents').as('excise'),
      taxOf(dialect, names.salesTax, 'amountCents').as('sales_tax'),
      taxOf(dialect, names.salesTax, 'ratePercent').as('sales_rate'),
    ])
    .as('o');
  const fee = sql`case when o.cannabis > 0 then o.fee else 0 end`;
  const exciseBase = sql`case when o.excise is null then 0 else o.cannabis + ${fee} + coalesce(o.local_tax, 0) end`;
  const rows = await db
    .selectFrom(perOrder)
    .select([
      'o.month',
      sql<number | null>`o.sales_rate`.as('rate'),
      sql<number>`count(*)`.as('orders'),
      sql<number>`sum(o.total)`.as('total'),
      sql<number>`sum(o.cannabis)`.as('cannabis'),
      sql<number>`sum(o.other)`.as('other'),
      sql<number>`sum(${fee})`.as('fee'),
      sql<number>`coalesce(sum(o.local_tax), 0)`.as('local_tax'),
      sql<number>`sum(${exciseBase})`.as('excise_base'),
      sql<number>`coalesce(sum(o.excise), 0)`.as('excise'),
      sql<number>`coalesce(sum(case when o.sales_tax is null then 0 else ${exciseBase} + coalesce(o.excise, 0) + o.other end), 0)`.as(
        'sales_base',
      ),
      sql<number>`coalesce(sum(o.sales_tax), 0)`.as('sales_tax'),
    ])
    .groupBy(['o.month', sql`o.sales_rate`])
    .execute();
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
