import { PostgresAdapter, sql } from 'kysely';
import type { Dialect } from '../connect';
import type { AnyDb } from '../migration-helpers';

/**
 * PostgreSQL only: what a customer ordered today toward the daily limits, read after
 * taking the customer's locks, in one round trip instead of two. A VOLATILE function takes a
 * fresh snapshot for each statement it runs, so the sums see every order committed by a
 * transaction this one waited for. SQLite writes one transaction at a time and needs none.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`
    create or replace function canopy_grams_ordered_on(
      p_shop_date text, p_customer_key text, p_shopper_id text
    ) returns table (cannabis double precision, concentrate double precision)
    language plpgsql volatile as $$
    begin
      -- always the customer's lock first, then the shopper's: two orders never wait on each other
      if p_customer_key is not null then
        perform pg_advisory_xact_lock(hashtext('customer ' || p_customer_key));
      end if;
      perform pg_advisory_xact_lock(hashtext('shopper ' || p_shopper_id));
      if p_customer_key is null then
        return query
          select coalesce(sum(o.cannabis_grams), 0), coalesce(sum(o.concentrate_grams), 0)
          from orders o where o.shop_date = p_shop_date and o.shopper_id = p_shopper_id;
      else
        return query
          select coalesce(sum(o.cannabis_grams), 0), coalesce(sum(o.concentrate_grams), 0)
          from orders o
          where (o.shop_date = p_shop_date and o.shopper_id = p_shopper_id)
             or (o.shop_date = p_shop_date and o.customer_key = p_customer_key);
      end if;
    end
    $$`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop function if exists canopy_grams_ordered_on(text, text, text)`.execute(db);
}
