import { PostgresAdapter, sql } from 'kysely';
import type { Dialect } from '../connect';
import { type AnyDb, addIndex } from '../migration-helpers';

/**
 * The owner's reports read per-day sums instead of every order of the period.
 * Three tables hold them, kept by triggers on `orders` and `order_items` in the transaction of
 * every write that changes a figure (checkout, status change, handover, re-pricing, void,
 * return, deletion), whoever writes it (decision 017):
 *
 * - `report_days`: per shop day, sale day, status, order type, promo code and sales-tax rate,
 *   the orders, their totals and discounts and each order's tax figures as `taxes.ts` levied
 *   them under US-CA (read from the order's `taxes` and `tax_context` once, when it is written);
 * - `report_day_products`: per shop day and product, the units and revenue of the sales
 *   (statuses other than cancelled and returned), at the price each line sold for;
 * - `report_day_quarters`: per shop day and quarter hour of UTC (the order's `created_at`
 *   rounded down, in the same ISO form), the sales and their totals, for the hour-by-weekday
 *   heatmap in any zone (every zone's offset is a multiple of 15 minutes).
 *
 * The tax names are the ones the rule sets levy today; a rule set with a new tax name needs a
 * migration that replaces the triggers.
 */
const LOCAL = ['Local cannabis business tax'];
const EXCISE = ['Cannabis excise tax'];
const SALES = ['Sales tax'];
const NOT_SALES = ['cancelled', 'returned'];

const list = (names: string[]) => names.map((name) => `'${name.replace(/'/g, "''")}'`).join(', ');

/** The sums and the key of a row of report_days (the reports' per-day sums). */
const DAY_SUMS = [
  'orders',
  'total_cents',
  'discount_cents',
  'discounted_orders',
  'cannabis_cents',
  'other_cents',
  'fee_cents',
  'local_tax_cents',
  'excise_base_cents',
  'excise_cents',
  'sales_base_cents',
  'sales_tax_cents',
];
const DAY_KEYS = ['shop_date', 'sale_date', 'status', 'order_type', 'promo', 'sales_rate_key'];

export { DAY_KEYS, DAY_SUMS };

const addUp = (table: string, sums: string[]) =>
  sums.map((column) => `${column} = ${table}.${column} + excluded.${column}`).join(', ');

/**
 * PostgreSQL's sums may be kept in `shards` rows per key (migration 0052), by `order id % shards`,
 * so concurrent checkouts of one shop day update different rows. Every row is still the sum of a
 * set of whole orders; the reports add the shards up. `null`: one row per key.
 */
type Shards = number | null;

/** `, shard` (or nothing, unsharded) after a column or key list; `order` is the order's id. */
const shardColumn = (shards: Shards) => (shards ? ', shard' : '');
const shardValue = (shards: Shards, order: string) => (shards ? `, (${order}) % ${shards}` : '');

/** The shop day's product sums, which the lines of sales add to or take from. */
const intoProductSums = (shards: Shards) =>
  `insert into report_day_products (shop_date, product_id${shardColumn(shards)}, name, units, revenue_cents)`;
/** A day and product already counted keeps the latest name and adds up the units and revenue. */
const addToProductSums = (shards: Shards) =>
  `on conflict (shop_date, product_id${shardColumn(shards)}) do update set name = excluded.name,
      ${addUp('report_day_products', ['units', 'revenue_cents'])}`;
const INTO_PRODUCT_SUMS = intoProductSums(null);
const ADD_TO_PRODUCT_SUMS = addToProductSums(null);

/** SQLite: the statements that add row `r` (new or old) to the sums, times `sign`. */
function sqliteAdd(r: 'new' | 'old', sign: 1 | -1): string {
  const taxes = `(case when json_valid(${r}.taxes) then ${r}.taxes else '[]' end)`;
  const context = `(case when json_valid(${r}.tax_context) then ${r}.tax_context end)`;
  const amount = (names: string[]) =>
    `(select sum(json_extract(t.value, '$.amountCents')) from json_each(${taxes}) as t where json_extract(t.value, '$.name') in (${list(names)}))`;
  const sold = `${r}.status not in (${list(NOT_SALES)})`;
  return `
    insert into report_days (${DAY_KEYS.join(', ')}, ${DAY_SUMS.join(', ')})
    select shop_date, sale_date, status, order_type, promo, sales_rate_key,
      ${sign}, ${sign} * total, ${sign} * discount, ${sign} * (discount > 0),
      ${sign} * cannabis, ${sign} * other, ${sign} * fee, ${sign} * coalesce(local_tax, 0),
      ${sign} * excise_base, ${sign} * coalesce(excise, 0),
      ${sign} * (case when sales_tax is null then 0 else excise_base + coalesce(excise, 0) + other end),
      ${sign} * coalesce(sales_tax, 0)
    from (
      select *, case when excise is null then 0 else cannabis + fee + coalesce(local_tax, 0) end as excise_base
      from (
        select coalesce(${r}.shop_date, '') as shop_date, coalesce(${r}.sale_date, '') as sale_date,
          ${r}.status as status, coalesce(${r}.order_type, '') as order_type,
          coalesce(upper(${r}.promo_code), '') as promo,
          coalesce((select cast(round(json_extract(t.value, '$.ratePercent') * 10000) as integer)
            from json_each(${taxes}) as t where json_extract(t.value, '$.name') in (${list(SALES)})
            limit 1), -1) as sales_rate_key,
          ${r}.total_cents as total, ${r}.discount_cents as discount,
          coalesce(json_extract(${context}, '$.goods.cannabisCents'), 0) as cannabis,
          coalesce(json_extract(${context}, '$.goods.nonCannabisCents'), 0) as other,
          case when coalesce(json_extract(${context}, '$.goods.cannabisCents'), 0) > 0
            then coalesce(json_extract(${context}, '$.feeCents'), 0) else 0 end as fee,
          ${amount(LOCAL)} as local_tax, ${amount(EXCISE)} as excise, ${amount(SALES)} as sales_tax
      )
    ) where true
    on conflict (${DAY_KEYS.join(', ')}) do update set ${addUp('report_days', DAY_SUMS)};
    insert into report_day_quarters (shop_date, quarter, orders, total_cents)
    select coalesce(${r}.shop_date, ''),
      substr(${r}.created_at, 1, 14) || printf('%02d', cast(substr(${r}.created_at, 15, 2) as integer) / 15 * 15) || ':00.000Z',
      ${sign}, ${sign} * ${r}.total_cents
    where ${sold}
    on conflict (shop_date, quarter) do update set ${addUp('report_day_quarters', ['orders', 'total_cents'])};`;
}

/** SQLite: the lines of order `orderId` (sold on `r`'s shop day) added to the products, times `sign`. */
function sqliteLines(r: 'new' | 'old', orderId: string, sign: 1 | -1): string {
  return `
    ${INTO_PRODUCT_SUMS}
    select coalesce(${r}.shop_date, ''), i.product_id, max(i.name), ${sign} * sum(i.count),
      ${sign} * sum(coalesce(i.unit_price_cents, 0) * i.count)
    from order_items as i where i.order_id = ${orderId} and ${r}.status not in (${list(NOT_SALES)})
    group by i.product_id
    ${ADD_TO_PRODUCT_SUMS};`;
}

/** SQLite: one line added to (or taken from) its order's product sums. */
function sqliteLine(r: 'new' | 'old', sign: 1 | -1): string {
  return `
    ${INTO_PRODUCT_SUMS}
    select coalesce(o.shop_date, ''), ${r}.product_id, ${r}.name, ${sign} * ${r}.count,
      ${sign} * coalesce(${r}.unit_price_cents, 0) * ${r}.count
    from orders as o where o.id = ${r}.order_id and o.status not in (${list(NOT_SALES)})
    ${ADD_TO_PRODUCT_SUMS};`;
}

const ORDER_FIGURES =
  'shop_date, sale_date, status, order_type, promo_code, total_cents, discount_cents, taxes, tax_context, created_at';

const SQLITE_TRIGGERS = [
  `create trigger report_orders_insert after insert on orders begin ${sqliteAdd('new', 1)} end`,
  `create trigger report_orders_update after update of ${ORDER_FIGURES} on orders begin
    ${sqliteAdd('old', -1)} ${sqliteAdd('new', 1)}
    ${sqliteLines('old', 'old.id', -1)} ${sqliteLines('new', 'new.id', 1)} end`,
  // before the delete: its lines are still there (their cascade finds no order to add up)
  `create trigger report_orders_delete before delete on orders begin
    ${sqliteAdd('old', -1)} ${sqliteLines('old', 'old.id', -1)} end`,
  `create trigger report_items_insert after insert on order_items begin ${sqliteLine('new', 1)} end`,
  `create trigger report_items_update after update of order_id, product_id, name, unit_price_cents, count on order_items begin
    ${sqliteLine('old', -1)} ${sqliteLine('new', 1)} end`,
  `create trigger report_items_delete after delete on order_items begin ${sqliteLine('old', -1)} end`,
];

/**
 * PostgreSQL: the same sums, kept by plpgsql functions (created or replaced). Re-creating them
 * drops the `enable_seqscan = off` that migration 0054 gives the two reading `orders`.
 */
export const pgReportFunctions = (shards: Shards): string[] => [
  `create or replace function canopy_report_add(r orders, sign integer, with_lines boolean) returns void
  language plpgsql volatile as $$
  declare
    tx jsonb := coalesce(cast(r.taxes as jsonb), '[]'::jsonb);
    ctx jsonb := cast(r.tax_context as jsonb);
    cannabis bigint := coalesce(cast(ctx #>> '{goods,cannabisCents}' as bigint), 0);
    other bigint := coalesce(cast(ctx #>> '{goods,nonCannabisCents}' as bigint), 0);
    fee bigint := case when coalesce(cast(ctx #>> '{goods,cannabisCents}' as bigint), 0) > 0
      then coalesce(cast(ctx #>> '{feeCents}' as bigint), 0) else 0 end;
    local_tax bigint; excise bigint; sales_tax bigint; rate numeric; excise_base bigint;
  begin
    if jsonb_typeof(tx) <> 'array' then tx := '[]'::jsonb; end if;
    select sum(cast(l->>'amountCents' as bigint)) filter (where l->>'name' in (${list(LOCAL)})),
      sum(cast(l->>'amountCents' as bigint)) filter (where l->>'name' in (${list(EXCISE)})),
      sum(cast(l->>'amountCents' as bigint)) filter (where l->>'name' in (${list(SALES)})),
      max(cast(l->>'ratePercent' as numeric)) filter (where l->>'name' in (${list(SALES)}))
      into local_tax, excise, sales_tax, rate
      from jsonb_array_elements(tx) as l;
    excise_base := case when excise is null then 0 else cannabis + fee + coalesce(local_tax, 0) end;
    insert into report_days (${DAY_KEYS.join(', ')}${shardColumn(shards)}, ${DAY_SUMS.join(', ')})
    values (coalesce(r.shop_date, ''), coalesce(r.sale_date, ''), r.status, coalesce(r.order_type, ''),
      coalesce(upper(r.promo_code), ''), coalesce(cast(round(rate * 10000) as bigint), -1)${shardValue(shards, 'r.id')},
      sign, sign * r.total_cents, sign * r.discount_cents,
      sign * (case when r.discount_cents > 0 then 1 else 0 end),
      sign * cannabis, sign * other, sign * fee, sign * coalesce(local_tax, 0), sign * excise_base,
      sign * coalesce(excise, 0),
      sign * (case when sales_tax is null then 0 else excise_base + coalesce(excise, 0) + other end),
      sign * coalesce(sales_tax, 0))
    on conflict (${DAY_KEYS.join(', ')}${shardColumn(shards)}) do update set ${addUp('report_days', DAY_SUMS)};
    if r.status in (${list(NOT_SALES)}) then return; end if;
    insert into report_day_quarters (shop_date, quarter${shardColumn(shards)}, orders, total_cents)
      values (coalesce(r.shop_date, ''),
        substr(r.created_at, 1, 14) || lpad(cast(cast(substr(r.created_at, 15, 2) as integer) / 15 * 15 as text), 2, '0') || ':00.000Z'${shardValue(shards, 'r.id')},
        sign, sign * r.total_cents)
      on conflict (shop_date, quarter${shardColumn(shards)}) do update set ${addUp('report_day_quarters', ['orders', 'total_cents'])};
    if not with_lines then return; end if;
    ${intoProductSums(shards)}
    select coalesce(r.shop_date, ''), i.product_id${shardValue(shards, 'r.id')}, max(i.name), sign * sum(i.count),
      sign * sum(coalesce(i.unit_price_cents, 0) * i.count)
    from order_items as i where i.order_id = r.id group by i.product_id
    ${addToProductSums(shards)};
  end
  $$`,
  `create or replace function canopy_report_orders() returns trigger
  language plpgsql as $$
  begin
    -- a new order's lines come after it (its lines' own trigger adds them); an update moves
    -- them with the order; a deletion takes them away before they go (before the delete, so
    -- their cascade, which finds no order, adds nothing)
    if tg_op = 'DELETE' then perform canopy_report_add(old, -1, true); return old; end if;
    if tg_op = 'UPDATE' then perform canopy_report_add(old, -1, true); end if;
    perform canopy_report_add(new, 1, tg_op = 'UPDATE');
    return null;
  end
  $$`,
  `create or replace function canopy_report_line(l order_items, sign integer) returns void
  language plpgsql volatile as $$
  begin
    ${intoProductSums(shards)}
    select coalesce(o.shop_date, ''), l.product_id${shardValue(shards, 'l.order_id')}, l.name, sign * l.count,
      sign * coalesce(l.unit_price_cents, 0) * l.count
    from orders as o where o.id = l.order_id and o.status not in (${list(NOT_SALES)})
    ${addToProductSums(shards)};
  end
  $$`,
  `create or replace function canopy_report_items() returns trigger
  language plpgsql as $$
  begin
    perform canopy_report_line(old, -1);
    if tg_op = 'UPDATE' then perform canopy_report_line(new, 1); end if;
    return null;
  end
  $$`,
  // a checkout's lines arrive in one statement: one upsert for all of them
  `create or replace function canopy_report_items_added() returns trigger
  language plpgsql as $$
  begin
    ${intoProductSums(shards)}
    select coalesce(o.shop_date, ''), l.product_id${shardValue(shards, 'l.order_id')}, max(l.name), sum(l.count),
      sum(coalesce(l.unit_price_cents, 0) * l.count)
    from added as l join orders as o on o.id = l.order_id
    where o.status not in (${list(NOT_SALES)})
    group by coalesce(o.shop_date, ''), l.product_id${shardValue(shards, 'l.order_id')}
    ${addToProductSums(shards)};
    return null;
  end
  $$`,
];

const PG_TRIGGERS = [
  `create trigger report_orders after insert or update of ${ORDER_FIGURES} on orders
    for each row execute function canopy_report_orders()`,
  `create trigger report_orders_delete before delete on orders
    for each row execute function canopy_report_orders()`,
  `create trigger report_items_added after insert on order_items
    referencing new table as added for each statement execute function canopy_report_items_added()`,
  `create trigger report_items after update of order_id, product_id, name, unit_price_cents, count or delete on order_items
    for each row execute function canopy_report_items()`,
];

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  const integer = dialect === 'postgres' ? 'bigint' : 'integer';
  // SQLite keeps each table in its key's order: a period is one run of rows, read in place
  const clustered = dialect === 'postgres' ? sql`` : sql`without rowid`;
  let days = db.schema
    .createTable('report_days')
    .addColumn('shop_date', 'text', (c) => c.notNull())
    .addColumn('sale_date', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('order_type', 'text', (c) => c.notNull())
    .addColumn('promo', 'text', (c) => c.notNull())
    // the sales-tax rate in ten-thousandths of a percent (8.625% is 86250), -1 for none
    .addColumn('sales_rate_key', integer, (c) => c.notNull());
  for (const column of DAY_SUMS)
    days = days.addColumn(column, integer, (c) => c.notNull().defaultTo(0));
  await days
    .addPrimaryKeyConstraint('report_days_pk', DAY_KEYS as never)
    .modifyEnd(clustered)
    .execute();
  await addIndex(db, 'report_days', 'report_days_sale_date', ['sale_date', 'status']);
  await db.schema
    .createTable('report_day_products')
    .addColumn('shop_date', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('units', integer, (c) => c.notNull().defaultTo(0))
    .addColumn('revenue_cents', integer, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('report_day_products_pk', ['shop_date', 'product_id'])
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createTable('report_day_quarters')
    .addColumn('shop_date', 'text', (c) => c.notNull())
    .addColumn('quarter', 'text', (c) => c.notNull())
    .addColumn('orders', integer, (c) => c.notNull().defaultTo(0))
    .addColumn('total_cents', integer, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('report_day_quarters_pk', ['shop_date', 'quarter'])
    .modifyEnd(clustered)
    .execute();
  if (dialect === 'postgres') {
    for (const statement of [...pgReportFunctions(null), ...PG_TRIGGERS])
      await sql.raw(statement).execute(db);
    // the orders there before, each once with its lines
    await sql.raw('select count(canopy_report_add(o, 1, true)) from orders as o').execute(db);
  } else {
    // the orders there before, each once with its lines (a temporary trigger run by an update
    // of every order to itself, before the triggers that keep the sums exist)
    await sql
      .raw(`create temp trigger report_backfill after update of status on orders begin
      ${sqliteAdd('new', 1)} ${sqliteLines('new', 'new.id', 1)} end`)
      .execute(db);
    await sql.raw('update orders set status = status').execute(db);
    await sql.raw('drop trigger temp.report_backfill').execute(db);
    for (const statement of SQLITE_TRIGGERS) await sql.raw(statement).execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists report_items on order_items`.execute(db);
    await sql`drop trigger if exists report_items_added on order_items`.execute(db);
    await sql`drop trigger if exists report_orders_delete on orders`.execute(db);
    await sql`drop trigger if exists report_orders on orders`.execute(db);
    await sql`drop function if exists canopy_report_items()`.execute(db);
    await sql`drop function if exists canopy_report_items_added()`.execute(db);
    await sql`drop function if exists canopy_report_line(order_items, integer)`.execute(db);
    await sql`drop function if exists canopy_report_orders()`.execute(db);
    await sql`drop function if exists canopy_report_add(orders, integer, boolean)`.execute(db);
  } else {
    for (const name of [
      'report_items_delete',
      'report_items_update',
      'report_items_insert',
      'report_orders_delete',
      'report_orders_update',
      'report_orders_insert',
    ])
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
  await db.schema.dropTable('report_day_quarters').ifExists().execute();
  await db.schema.dropTable('report_day_products').ifExists().execute();
  await db.schema.dropTable('report_days').ifExists().execute();
}
