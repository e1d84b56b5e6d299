import type { Dialect } from '../connect';
import type { AnyDb } from '../migration-helpers';

/**
 * The shop's own facts (name, pickup address, hours, phone, licence number,
 * delivery area, payment methods), one row, every line empty until the dealer fills it in.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  let table = db.schema
    .createTable('store_profile')
    .addColumn('id', 'integer', (c) => c.primaryKey());
  for (const column of [
    'shop_name',
    'pickup_address',
    'opening_hours',
    'phone',
    'license_number',
    'delivery_area',
    'payment_methods',
  ])
    table = table.addColumn(column, 'text', (c) => c.notNull().defaultTo(''));
  await table.addColumn('updated_at', 'text', (c) => c.notNull()).execute();
  await db
    .insertInto('store_profile')
    .values({ id: 1, updated_at: new Date(0).toISOString() })
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('store_profile').ifExists().execute();
}
