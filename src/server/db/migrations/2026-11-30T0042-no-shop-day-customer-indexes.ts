import type { Kysely } from 'kysely';
import type { Dialect } from '../connect';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema type
type AnyDb = Kysely<any>;

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
  await db.schema
    .createIndex('orders_shop_date_customer')
    .on('orders')
    .columns(['shop_date', 'customer_key'])
    .execute();
  await db.schema
    .createIndex('orders_shop_date_shopper')
    .on('orders')
    .columns(['shop_date', 'shopper_id'])
    .execute();
}
