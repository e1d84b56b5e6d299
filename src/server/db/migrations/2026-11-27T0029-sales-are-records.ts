import { PostgresAdapter, sql } from 'kysely';
import type { Dialect } from '../connect';
import { type AnyDb, addIndex, serialKey } from '../migration-helpers';

/**
 * A sale is a record.
 * - `sale_date`: the shop day the goods change hands (the delivery date of a scheduled order,
 *   the handover day once handed over); the daily limits count by it, not by the day of ordering.
 * - `void_reason`, `id_check_override`, `handover_note`: why an order was voided, an owner's
 *   leave to check a failed ID again, and what the handover changed (a re-priced tax).
 * - `tax_context`: what the order's taxes were levied on (goods parts, fee, rates), so the
 *   handover can tax it again at the rate then in force.
 * - `order_returns`: a return after handover, its own record; the goods go to the product's
 *   `to_destroy` count, cleared only by a recorded destruction (`product_destructions`).
 * - `store_profile.legal_name`: the licensee's legal business name, on every receipt.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  for (const column of [
    'sale_date',
    'void_reason',
    'id_check_override',
    'handover_note',
    'tax_context',
  ])
    await db.schema.alterTable('orders').addColumn(column, 'text').execute();
  await db
    .updateTable('orders')
    .set({ sale_date: sql`coalesce(delivery_date, shop_date)` })
    .execute();
  for (const [name, column] of [
    ['orders_sale_date_customer', 'customer_key'],
    ['orders_sale_date_shopper', 'shopper_id'],
    ['orders_sale_date_id_hash', 'id_hash'],
  ] as const) {
    await db.schema.createIndex(name).on('orders').columns(['sale_date', column]).execute();
  }

  await db.schema
    .alterTable('products')
    .addColumn('to_destroy', 'double precision', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('order_returns')
    .$call(serialKey(dialect))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    /** JSON list of {itemId, productId, name, quantity, count, stock} */
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await addIndex(db, 'order_returns', 'order_returns_order', 'order_id');
  await db.schema
    .createTable('product_destructions')
    .$call(serialKey(dialect))
    .addColumn('product_id', 'integer', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('witness', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('staff_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('store_profile')
    .addColumn('legal_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  if (dialect === 'postgres') await createDayGramsFunction(db);
}

/**
 * PostgreSQL: what counts toward a customer's daily limits on a sale day, read after taking the
 * customer's and the shopper's locks (in that order, as before): the shopper's own orders, and
 * the orders of other shoppers under the same phone that staff have accepted (a stranger's
 * unaccepted prank order does not use up someone's day). One round trip.
 */
export async function createDayGramsFunction(db: AnyDb) {
  await dayGramsFunction(
    '',
    `return query
      select
        coalesce(sum(o.cannabis_grams) filter (where o.shopper_id = p_shopper_id), 0),
        coalesce(sum(o.concentrate_grams) filter (where o.shopper_id = p_shopper_id), 0),
        coalesce(sum(o.cannabis_grams) filter (where o.shopper_id is distinct from p_shopper_id), 0),
        coalesce(sum(o.concentrate_grams) filter (where o.shopper_id is distinct from p_shopper_id), 0)
      from orders o
      where (o.sale_date = p_sale_date and o.shopper_id = p_shopper_id)
         or (p_customer_key is not null and o.sale_date = p_sale_date
             and o.customer_key = p_customer_key and o.status <> 'pending');`,
  ).execute(db);
}

/**
 * `canopy_day_grams` with its signature and its locks (the customer's, then the shopper's)
 * around `body`, which returns the one row of sums; `declarations` are its plpgsql variables.
 * Migration 0053 gives it a body that reads rows kept per day.
 */
export function dayGramsFunction(declarations: string, body: string) {
  return sql.raw(`
    create or replace function canopy_day_grams(
      p_sale_date text, p_customer_key text, p_shopper_id text
    ) returns table (
      own_cannabis double precision, own_concentrate double precision,
      other_cannabis double precision, other_concentrate double precision
    )
    language plpgsql volatile as $$
    ${declarations ? `declare ${declarations}` : ''}
    begin
      if p_customer_key is not null then
        perform pg_advisory_xact_lock(hashtext('customer ' || p_customer_key));
      end if;
      perform pg_advisory_xact_lock(hashtext('shopper ' || p_shopper_id));
      ${body}
    end
    $$`);
}

export async function down(db: AnyDb): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`drop function if exists canopy_day_grams(text, text, text)`.execute(db);
  await db.schema.alterTable('store_profile').dropColumn('legal_name').execute();
  await db.schema.dropTable('product_destructions').ifExists().execute();
  await db.schema.dropTable('order_returns').ifExists().execute();
  await db.schema.alterTable('products').dropColumn('to_destroy').execute();
  for (const name of [
    'orders_sale_date_customer',
    'orders_sale_date_shopper',
    'orders_sale_date_id_hash',
  ])
    await db.schema.dropIndex(name).ifExists().execute();
  for (const column of [
    'tax_context',
    'handover_note',
    'id_check_override',
    'void_reason',
    'sale_date',
  ])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
