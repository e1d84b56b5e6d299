import type { Kysely, Transaction } from 'kysely';
import type { Database, OrderItemRow, OrderRow } from '../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

/** Orders with their items, newest first; `where` narrows to one shopper or one order. */
export async function findOrders(db: Q, where: { shopperId?: string; id?: number } = {}) {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (where.shopperId !== undefined) query = query.where('shopper_id', '=', where.shopperId);
  if (where.id !== undefined) query = query.where('id', '=', where.id);
  const orders = await query.execute();
  if (orders.length === 0) return [];
  const items = await db
    .selectFrom('order_items')
    .selectAll()
    .where(
      'order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('id')
    .execute();
  const byOrder = new Map<number, OrderItemRow[]>();
  for (const item of items)
    byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), item]);
  return orders.map((order): [OrderRow, OrderItemRow[]] => [order, byOrder.get(order.id) ?? []]);
}

export function lockProducts(db: Q, ids: number[], dialect: 'sqlite' | 'postgres') {
  const query = db.selectFrom('products').selectAll().where('id', 'in', ids).orderBy('id');
  // SQLite serialises writers itself; PostgreSQL needs the rows locked for the stock check.
  return dialect === 'postgres' ? query.forUpdate().execute() : query.execute();
}

/**
 * Takes stock only if enough is left: the database, not the check before it, has the last word.
 * Answers the updated row, or undefined when the stock did not cover the amount.
 */
export function takeStock(db: Q, productId: number, amount: number, flavorStocks?: string) {
  return db
    .updateTable('products')
    .set((eb) => ({
      stock: eb('stock', '-', amount),
      ...(flavorStocks === undefined ? {} : { flavor_stocks: flavorStocks }),
    }))
    .where('id', '=', productId)
    .where('stock', '>=', amount)
    .returningAll()
    .executeTakeFirst();
}

export function returnStock(db: Q, productId: number, amount: number, flavorStocks?: string) {
  return db
    .updateTable('products')
    .set((eb) => ({
      stock: eb('stock', '+', amount),
      ...(flavorStocks === undefined ? {} : { flavor_stocks: flavorStocks }),
    }))
    .where('id', '=', productId)
    .execute();
}

export async function claimSlotPlace(db: Q, slotId: number) {
  const result = await db
    .updateTable('schedule_slots')
    .set((eb) => ({ current_orders: eb('current_orders', '+', 1) }))
    .where('id', '=', slotId)
    .where((eb) => eb('current_orders', '<', eb.ref('max_orders')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function releaseSlotPlace(db: Q, slotId: number) {
  return db
    .updateTable('schedule_slots')
    .set((eb) => ({ current_orders: eb('current_orders', '-', 1) }))
    .where('id', '=', slotId)
    .where('current_orders', '>', 0)
    .execute();
}

export async function countOrdersInWindow(db: Q, date: string, window: string) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('delivery_date', '=', date)
    .where('delivery_time_window', '=', window)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findOrderOwner(db: Q, id: number): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select('shopper_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.shopper_id ?? null;
}
