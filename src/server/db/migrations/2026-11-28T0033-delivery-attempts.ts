import type { Dialect } from '../connect';
import type { AnyDb } from '../migration-helpers';

/**
 * A driver who finds nobody home can try again later instead of bringing the
 * order back: the order counts its attempts and keeps the driver's last note.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('delivery_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('attempt_note', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['attempt_note', 'delivery_attempts'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
