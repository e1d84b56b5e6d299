import type { Dialect } from '../connect';
import { type AnyDb, addIndex } from '../migration-helpers';

/**
 * The daily limits count by the sale day since migration 0029 (`orders_sale_date_customer`,
 * `orders_sale_date_shopper`); nothing reads orders by shop day and customer or shopper any
 * more, and a shop-day range reads `orders_shop_date_report`. Every order still paid for
 * writing both indexes, one of them at a new place per customer.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema.dropIndex('orders_shop_date_customer').ifExists().execute();
  await db.schema.dropIndex('orders_shop_date_shopper').ifExists().execute();
}

export async function down(db: AnyDb): Promise<void> {
  await addIndex(db, 'orders', 'orders_shop_date_customer', ['shop_date', 'customer_key']);
  await addIndex(db, 'orders', 'orders_shop_date_shopper', ['shop_date', 'shopper_id']);
}
