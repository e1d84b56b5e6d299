import type { Kysely } from 'kysely';
import type { Dialect } from '../connect';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow the live schema type
type AnyDb = Kysely<any>;

/** Issue 36 item 23: what the customer paid at handover, cash or debit, and how much. */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('orders').addColumn('payment_method', 'text').execute();
  await db.schema.alterTable('orders').addColumn('payment_collected_cents', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['payment_collected_cents', 'payment_method'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
