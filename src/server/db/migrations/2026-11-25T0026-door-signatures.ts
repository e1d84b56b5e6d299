import type { Dialect } from '../connect';
import type { AnyDb } from '../migration-helpers';

/**
 * The customer's signature at the door, kept with the order as a small PNG
 * (a data: URL of at most a few kilobytes) for the receipt and the records.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('orders').addColumn('signature', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('signature').execute();
}
