import type { Kysely } from 'kysely';
import type { Dialect } from '../connect';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema type
type AnyDb = Kysely<any>;

/**
 * Issue 17 §3: the ID check at the door, kept with the order (result, method, time, driver as
 * JSON) and the keyed hash of the ID's number, never the number, birth date or image. Each
 * check replaces the last on the order; the activity log keeps every one.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('orders').addColumn('id_check', 'text').execute();
  await db.schema.alterTable('orders').addColumn('id_hash', 'text').execute();
  await db.schema.createIndex('orders_id_hash').on('orders').column('id_hash').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('orders_id_hash').ifExists().execute();
  for (const column of ['id_hash', 'id_check'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
