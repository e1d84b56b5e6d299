import type { Kysely } from 'kysely';
import type { Dialect } from '../connect';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema type
type AnyDb = Kysely<any>;

/**
 * Issue 41: the reports read a period's orders by shop day and status. These indexes carry the
 * columns the sums read, so a quarter's report reads the index alone for its totals and
 * series (decision 012); returns are found by when they were recorded.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('orders_shop_date_report')
    .on('orders')
    .columns(['shop_date', 'status', 'order_type', 'total_cents', 'discount_cents', 'created_at'])
    .execute();
  await db.schema
    .createIndex('orders_sale_date_status')
    .on('orders')
    .columns(['sale_date', 'status'])
    .execute();
  await db.schema
    .createIndex('order_returns_created_at')
    .on('order_returns')
    .column('created_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('order_returns_created_at').ifExists().execute();
  await db.schema.dropIndex('orders_sale_date_status').ifExists().execute();
  await db.schema.dropIndex('orders_shop_date_report').ifExists().execute();
}
