import type { Dialect } from '../connect';
import type { AnyDb } from '../migration-helpers';

/** What the customer paid at handover, cash or debit, and how much. */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('orders').addColumn('payment_method', 'text').execute();
  await db.schema.alterTable('orders').addColumn('payment_collected_cents', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['payment_collected_cents', 'payment_method'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
