import type { Dialect } from '../connect';
import type { AnyDb } from '../migration-helpers';

/**
 * When a delivery set off (first put on the way, ISO instant), which Metrc's
 * delivery report gives as its departure where the order has no delivery window.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('orders').addColumn('departed_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('departed_at').execute();
}
