import type { Dialect } from '../connect';
import { type AnyDb, addIndex } from '../migration-helpers';

/**
 * An order can be assigned to a driver, and remembers when it was handed over
 * and why a delivery came back. A driver's account is never deleted (only disabled), so the
 * reference holds for the years the records are kept.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('driver_id', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.alterTable('orders').addColumn('completed_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('return_reason', 'text').execute();
  await addIndex(db, 'orders', 'orders_driver', 'driver_id');
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('orders_driver').ifExists().execute();
  for (const column of ['return_reason', 'completed_at', 'driver_id'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
