import type { Dialect } from '../connect';
import { type AnyDb, addIndex } from '../migration-helpers';

/**
 * The ID check at the door, kept with the order (result, method, time, driver as
 * JSON) and the keyed hash of the ID's number, never the number, birth date or image. Each
 * check replaces the last on the order; the activity log keeps every one.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('orders').addColumn('id_check', 'text').execute();
  await db.schema.alterTable('orders').addColumn('id_hash', 'text').execute();
  await addIndex(db, 'orders', 'orders_id_hash', 'id_hash');
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('orders_id_hash').ifExists().execute();
  for (const column of ['id_hash', 'id_check'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
