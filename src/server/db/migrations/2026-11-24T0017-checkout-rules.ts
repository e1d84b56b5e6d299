import type { Dialect } from '../connect';
import { type AnyDb, addIndex, serialKey } from '../migration-helpers';

/**
 * Checkout rules of a licensed shop: the dealer's rule set and tax rates; what each
 * product unit counts toward the daily limits; what each order counted, for whom and on which
 * shop day, and its tax lines; the dealer's delivery zones.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('dealer_settings')
    .addColumn('jurisdiction', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  for (const column of ['sales_tax_rate', 'local_tax_rate'])
    await db.schema.alterTable('dealer_settings').addColumn(column, 'double precision').execute();

  for (const column of ['cannabis_grams', 'concentrate_grams'])
    await db.schema
      .alterTable('products')
      .addColumn(column, 'double precision', (c) => c.notNull().defaultTo(0))
      .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('taxes', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  for (const column of ['shop_date', 'customer_key', 'postal_code'])
    await db.schema.alterTable('orders').addColumn(column, 'text').execute();
  for (const column of ['cannabis_grams', 'concentrate_grams'])
    await db.schema
      .alterTable('orders')
      .addColumn(column, 'double precision', (c) => c.notNull().defaultTo(0))
      .execute();
  await addIndex(db, 'orders', 'orders_shop_date_customer', ['shop_date', 'customer_key']);
  await addIndex(db, 'orders', 'orders_shop_date_shopper', ['shop_date', 'shopper_id']);

  await db.schema
    .createTable('delivery_zones')
    .$call(serialKey(dialect))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('postal_codes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('fee_cents', 'integer', (c) => c.notNull())
    .addColumn('minimum_cents', 'integer', (c) => c.notNull())
    .addColumn('free_delivery_over_cents', 'integer')
    .addColumn('sales_tax_rate', 'double precision')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('delivery_zones').ifExists().execute();
  await db.schema.dropIndex('orders_shop_date_shopper').ifExists().execute();
  await db.schema.dropIndex('orders_shop_date_customer').ifExists().execute();
  for (const column of [
    'concentrate_grams',
    'cannabis_grams',
    'postal_code',
    'customer_key',
    'shop_date',
    'taxes',
  ])
    await db.schema.alterTable('orders').dropColumn(column).execute();
  for (const column of ['concentrate_grams', 'cannabis_grams'])
    await db.schema.alterTable('products').dropColumn(column).execute();
  for (const column of ['local_tax_rate', 'sales_tax_rate', 'jurisdiction'])
    await db.schema.alterTable('dealer_settings').dropColumn(column).execute();
}
