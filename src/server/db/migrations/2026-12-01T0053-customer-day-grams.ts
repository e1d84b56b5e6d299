import { PostgresAdapter, sql } from 'kysely';
import type { Dialect } from '../connect';
import type { AnyDb } from '../migration-helpers';
import { createDayGramsFunction, dayGramsFunction } from './2026-11-27T0029-sales-are-records';

/**
 * PostgreSQL: what each customer's orders count toward the daily limits, kept per sale day by a
 * trigger on `orders`, so a licensed checkout reads at most three rows by their whole key.
 *
 * `canopy_day_grams` searched the day's orders by an OR of two keys, and the planner took the
 * day's index for it whenever its statistics of `orders` were older than the day's orders (a new
 * day, a new shop): every checkout then read every order of the day. Rows by whole key have one
 * plan. SQLite's planner takes the two-column indexes, and its checkout reads as before.
 *
 * A row's key, `(sale_date, customer_key, shopper_id)`, with '' for the part it does not name:
 * - `(day, '', shopper)`: the shopper's own orders of the day, in every status;
 * - `(day, phone, '')`: the phone's orders that staff accepted (not pending), whoever placed them;
 * - `(day, phone, shopper)`: the part of those the shopper placed.
 * A closed order's grams are 0 (`releaseOrderHolds`), so it counts nothing in any row.
 */
const TABLE = 'customer_day_grams';

const FUNCTIONS = [
  `create or replace function canopy_customer_day_put(
    p_sale_date text, p_customer_key text, p_shopper_id text,
    p_cannabis double precision, p_concentrate double precision
  ) returns void language plpgsql as $$
  begin
    -- plpgsql keeps the statement's plan from call to call (a SQL function plans it every time)
    insert into ${TABLE} as g (sale_date, customer_key, shopper_id, cannabis, concentrate)
    values (p_sale_date, p_customer_key, p_shopper_id, p_cannabis, p_concentrate)
    on conflict (sale_date, customer_key, shopper_id) do update
      set cannabis = g.cannabis + excluded.cannabis,
          concentrate = g.concentrate + excluded.concentrate;
  end
  $$`,
  `create or replace function canopy_customer_day_add(r orders, sign integer) returns void
  language plpgsql as $$
  declare
    cannabis double precision := sign * r.cannabis_grams;
    concentrate double precision := sign * r.concentrate_grams;
  begin
    if r.sale_date is null or (cannabis = 0 and concentrate = 0) then return; end if;
    if r.shopper_id is not null then
      perform canopy_customer_day_put(r.sale_date, '', r.shopper_id, cannabis, concentrate);
    end if;
    if r.customer_key is not null and r.status <> 'pending' then
      perform canopy_customer_day_put(r.sale_date, r.customer_key, '', cannabis, concentrate);
      if r.shopper_id is not null then
        perform canopy_customer_day_put(r.sale_date, r.customer_key, r.shopper_id, cannabis, concentrate);
      end if;
    end if;
  end
  $$`,
  `create or replace function canopy_customer_days() returns trigger language plpgsql as $$
  begin
    if tg_op in ('UPDATE', 'DELETE') then perform canopy_customer_day_add(old, -1); end if;
    if tg_op in ('INSERT', 'UPDATE') then perform canopy_customer_day_add(new, 1); end if;
    return null;
  end
  $$`,
];

export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql
    .raw(`create table ${TABLE} (
      sale_date text not null,
      customer_key text not null,
      shopper_id text not null,
      cannabis double precision not null,
      concentrate double precision not null,
      constraint ${TABLE}_pk primary key (sale_date, customer_key, shopper_id)
    )`)
    .execute(db);
  for (const statement of FUNCTIONS) await sql.raw(statement).execute(db);
  await sql
    .raw(`create trigger customer_days
      after insert or update of sale_date, status, customer_key, shopper_id, cannabis_grams, concentrate_grams
      or delete on orders for each row execute function canopy_customer_days()`)
    .execute(db);
  await sql.raw('select count(canopy_customer_day_add(o, 1)) from orders as o').execute(db);
  await DAY_GRAMS_FROM_ROWS.execute(db);
}

/**
 * The customer's day, under the same locks as before, read from the three rows: others = the
 * phone's accepted orders less the shopper's part of them.
 */
const DAY_GRAMS_FROM_ROWS = dayGramsFunction(
  `own ${TABLE}%rowtype;
    phone ${TABLE}%rowtype;
    part ${TABLE}%rowtype;`,
  `select * into own from ${TABLE}
      where sale_date = p_sale_date and customer_key = '' and shopper_id = p_shopper_id;
    if p_customer_key is not null then
      select * into phone from ${TABLE}
        where sale_date = p_sale_date and customer_key = p_customer_key and shopper_id = '';
      select * into part from ${TABLE}
        where sale_date = p_sale_date and customer_key = p_customer_key and shopper_id = p_shopper_id;
    end if;
    -- the sums are added and taken away as orders change: rounded to a microgram, so that what
    -- is left of a cancelled 0.3 g is 0 and not 5.6e-17
    return query select
      round(coalesce(own.cannabis, 0)::numeric, 6)::double precision,
      round(coalesce(own.concentrate, 0)::numeric, 6)::double precision,
      round((coalesce(phone.cannabis, 0) - coalesce(part.cannabis, 0))::numeric, 6)::double precision,
      round((coalesce(phone.concentrate, 0) - coalesce(part.concentrate, 0))::numeric, 6)::double precision;`,
);

export async function down(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql.raw('drop trigger if exists customer_days on orders').execute(db);
  await sql.raw('drop function if exists canopy_customer_days()').execute(db);
  await sql.raw('drop function if exists canopy_customer_day_add(orders, integer)').execute(db);
  await sql
    .raw(
      'drop function if exists canopy_customer_day_put(text, text, text, double precision, double precision)',
    )
    .execute(db);
  await sql.raw(`drop table if exists ${TABLE}`).execute(db);
  await createDayGramsFunction(db);
}
