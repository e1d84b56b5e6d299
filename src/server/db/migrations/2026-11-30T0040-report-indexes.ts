import type { Dialect } from '../connect';
import { type AnyDb, addIndex } from '../migration-helpers';

/**
 * The reports read a period's orders by shop day and status. These indexes carry the
 * columns the sums read, so a quarter's report reads the index alone for its totals and
 * series (decision 012); returns are found by when they were recorded.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await addIndex(db, 'orders', 'orders_shop_date_report', [
    'shop_date',
    'status',
    'order_type',
    'total_cents',
    'discount_cents',
    'created_at',
  ]);
  await addIndex(db, 'orders', 'orders_sale_date_status', ['sale_date', 'status']);
  await addIndex(db, 'order_returns', 'order_returns_created_at', 'created_at');
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('order_returns_created_at').ifExists().execute();
  await db.schema.dropIndex('orders_sale_date_status').ifExists().execute();
  await db.schema.dropIndex('orders_shop_date_report').ifExists().execute();
}
