import type { Dialect } from '../connect';
import { type AnyDb, serialKey } from '../migration-helpers';

/**
 * A receipt names who prepared the order and the shop's number for the customer
 * (DCC §15420). Customers get their number when their first order is handed over; orders
 * completed before this upgrade get theirs now, in the order they were completed. Who
 * prepared them was never recorded, so their receipts say so.
 */
export async function up(db: AnyDb, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('prepared_by', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema.alterTable('orders').addColumn('customer_number', 'integer').execute();
  await db.schema
    .createTable('customer_numbers')
    .$call(serialKey(dialect, 'number'))
    .addColumn('customer_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await numberCompletedOrders(db);
}

async function numberCompletedOrders(db: AnyDb): Promise<void> {
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'customer_key', 'phone', 'completed_at', 'created_at'])
    .where('status', '=', 'completed')
    // orders completed before 0024 have no time: they count from when they were placed
    .orderBy((eb) => eb.fn.coalesce('completed_at', 'created_at'))
    .orderBy('id')
    .execute();
  const numbers = new Map<string, number>();
  for (const order of orders) {
    const key = customerNumberKey(order);
    let number = numbers.get(key);
    if (number === undefined) {
      const row = await db
        .insertInto('customer_numbers')
        .values({ customer_key: key, created_at: order.completed_at ?? order.created_at })
        .returning('number')
        .executeTakeFirstOrThrow();
      number = row.number as number;
      numbers.set(key, number);
    }
    await db
      .updateTable('orders')
      .set({ customer_number: number })
      .where('id', '=', order.id)
      .execute();
  }
}

/** The customer key as it was computed on this date (frozen: later rules must not renumber). */
function customerNumberKey(order: { customer_key: string | null; phone: string }): string {
  if (order.customer_key) return order.customer_key;
  const digits = order.phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length >= 7 ? national : `phone:${order.phone.trim()}`;
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('customer_numbers').ifExists().execute();
  for (const column of ['customer_number', 'prepared_by'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
