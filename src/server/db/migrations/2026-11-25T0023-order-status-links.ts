import { randomBytes } from 'node:crypto';
import type { Dialect } from '../connect';
import { type AnyDb, addIndex } from '../migration-helpers';

/**
 * Each order gets an unguessable status link (/o/<token>) that works on any
 * device without the shopper cookie. Orders placed before get a token of their own too.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('orders').addColumn('status_token', 'text').execute();
  const orders = await db.selectFrom('orders').select('id').execute();
  for (const { id } of orders)
    await db
      .updateTable('orders')
      .set({ status_token: randomBytes(16).toString('base64url') })
      .where('id', '=', id)
      .execute();
  await addIndex(db, 'orders', 'orders_status_token', 'status_token', { unique: true });
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('orders_status_token').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('status_token').execute();
}
