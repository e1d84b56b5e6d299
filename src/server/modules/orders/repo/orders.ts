/** Order rows and their lines: read, and changed one column group at a time. */
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import { toCents } from '../../../../shared/money';
import type { Payment } from '../../../../shared/payment';
import type { Dialect } from '../../../db/connect';
import { forUpdate } from '../../../db/dialect';
import type { Database, OrderItemRow, OrderReturnRow } from '../../../db/schema';
import type { OrderRowWithDriver } from '../order-mapper';

type Q = Kysely<Database> | Transaction<Database>;

/**
 * Orders with their items and driver's first name, newest first; `where` narrows to one
 * shopper, one order, or one driver's unfinished deliveries.
 */
export async function findOrders(
  db: Q,
  where: { shopperId?: string; id?: number; driverId?: number; notIn?: readonly string[] } = {},
) {
  let query = db
    .selectFrom('orders')
    .leftJoin('users', 'users.id', 'orders.driver_id')
    .selectAll('orders')
    .select('users.first_name as driver_first_name')
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc');
  if (where.shopperId !== undefined) query = query.where('orders.shopper_id', '=', where.shopperId);
  if (where.id !== undefined) query = query.where('orders.id', '=', where.id);
  if (where.driverId !== undefined) query = query.where('orders.driver_id', '=', where.driverId);
  if (where.notIn?.length) query = query.where('orders.status', 'not in', where.notIn);
  const orders = await query.execute();
  if (orders.length === 0) return [];
  const orderIds = orders.map((o) => o.id);
  const items = await rowsOfOrders(db, 'order_items', orderIds);
  const returns = await rowsOfOrders(db, 'order_returns', orderIds);
  const itemsOf = groupByOrder(items);
  const returnsOf = groupByOrder(returns);
  return orders.map((order): [OrderRowWithDriver, OrderItemRow[], OrderReturnRow[]] => [
    order,
    itemsOf.get(order.id) ?? [],
    returnsOf.get(order.id) ?? [],
  ]);
}

/** Which orders: their ids, or a subquery that selects them (a year of orders is many ids). */
type OrderIds = number[] | SelectQueryBuilder<Database, 'orders', { id: number }>;

/** The rows of these orders in a table keyed by order_id, in the order they were written. */
export function rowsOfOrders(
  db: Q,
  table: 'order_items',
  orderIds: OrderIds,
): Promise<OrderItemRow[]>;
export function rowsOfOrders(
  db: Q,
  table: 'order_returns',
  orderIds: OrderIds,
): Promise<OrderReturnRow[]>;
export function rowsOfOrders(db: Q, table: 'order_items' | 'order_returns', orderIds: OrderIds) {
  return db.selectFrom(table).selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

function groupByOrder<Row extends { order_id: number }>(rows: Row[]): Map<number, Row[]> {
  const byOrder = new Map<number, Row[]>();
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  return byOrder;
}

export function findOrderRow(db: Q, id: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOrderIdByStatusToken(db: Q, token: string) {
  return db.selectFrom('orders').select('id').where('status_token', '=', token).executeTakeFirst();
}

export function findOrderItemRows(db: Q, orderId: number) {
  return db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).execute();
}

export function setOrderStatus(
  db: Q,
  id: number,
  change: {
    status: string;
    completedAt: string | null;
    returnReason: string | null;
    voidReason: string | null;
    /** the handover's shop day, when the change hands the goods over */
    saleDate?: string;
    /** when the delivery sets off, the first time it is put on the way */
    departedAt?: string;
  },
) {
  return db
    .updateTable('orders')
    .set({
      status: change.status,
      completed_at: change.completedAt,
      return_reason: change.returnReason,
      void_reason: change.voidReason,
      ...(change.saleDate === undefined ? {} : { sale_date: change.saleDate }),
      ...(change.departedAt === undefined ? {} : { departed_at: change.departedAt }),
    })
    .where('id', '=', id)
    .execute();
}

/** The order's row, locked until the commit on PostgreSQL: two changes of one order queue. */
export function lockOrderRow(db: Q, id: number, dialect: Dialect) {
  const query = db.selectFrom('orders').selectAll().where('id', '=', id);
  return forUpdate(query, dialect).executeTakeFirst();
}

export function setIdCheckOverride(db: Q, id: number, override: string | null) {
  return db
    .updateTable('orders')
    .set({ id_check_override: override })
    .where('id', '=', id)
    .execute();
}

export function setHandoverNote(db: Q, id: number, note: string | null) {
  return db.updateTable('orders').set({ handover_note: note }).where('id', '=', id).execute();
}

/** The taxes and total of the handover day, and the note that says why they changed. */
export function setRepricedTaxes(
  db: Q,
  id: number,
  repriced: { taxes: unknown[]; totalCents: number; note: string },
) {
  return db
    .updateTable('orders')
    .set({
      taxes: JSON.stringify(repriced.taxes),
      total_cents: repriced.totalCents,
      handover_note: repriced.note,
    })
    .where('id', '=', id)
    .execute();
}

/** What the customer paid at handover. */
export function setPayment(db: Q, id: number, payment: Payment) {
  return db
    .updateTable('orders')
    .set({ payment_method: payment.method, payment_collected_cents: toCents(payment.collected) })
    .where('id', '=', id)
    .execute();
}

/** One more try at the door, with the driver's note. */
export function addDeliveryAttempt(db: Q, id: number, note: string) {
  return db
    .updateTable('orders')
    .set((eb) => ({ delivery_attempts: eb('delivery_attempts', '+', 1), attempt_note: note }))
    .where('id', '=', id)
    .execute();
}

/** The order now counts (or no longer counts) a place in its delivery window. */
export function setHoldsSlotPlace(db: Q, id: number, holds: boolean) {
  return db
    .updateTable('orders')
    .set({ holds_slot_place: holds ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

/** The shop cancelled the order because nobody accepted it in time. */
export function setExpired(db: Q, id: number, at: string) {
  return db.updateTable('orders').set({ expired_at: at }).where('id', '=', id).execute();
}

/** Orders still waiting for the shop to accept them: what the expiry sweep reads. */
export function findPendingOrders(db: Q) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_type', 'created_at', 'delivery_date', 'delivery_time_window'])
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
}

export function setSaleDate(db: Q, id: number, saleDate: string) {
  return db.updateTable('orders').set({ sale_date: saleDate }).where('id', '=', id).execute();
}

export function setIdCheck(db: Q, id: number, check: { json: string; idHash: string }) {
  return db
    .updateTable('orders')
    .set({ id_check: check.json, id_hash: check.idHash })
    .where('id', '=', id)
    .execute();
}

export function setSignature(db: Q, id: number, signature: string) {
  return db.updateTable('orders').set({ signature }).where('id', '=', id).execute();
}

/** Who prepared the order and the customer's number, for its receipt. */
export function setReceiptFacts(
  db: Q,
  id: number,
  facts: { preparedBy: number | null; customerNumber: number | null },
) {
  return db
    .updateTable('orders')
    .set({ prepared_by: facts.preparedBy, customer_number: facts.customerNumber })
    .where('id', '=', id)
    .execute();
}

export function setOrderDriver(db: Q, id: number, driverId: number | null) {
  return db.updateTable('orders').set({ driver_id: driverId }).where('id', '=', id).execute();
}

/**
 * A returned or cancelled order sold nothing: it no longer counts toward the daily limits
 * and no longer holds a place in the schedule.
 */
export function releaseOrderHolds(db: Q, id: number) {
  return db
    .updateTable('orders')
    .set({ cannabis_grams: 0, concentrate_grams: 0, schedule_slot_id: null, holds_slot_place: 0 })
    .where('id', '=', id)
    .execute();
}

/** Its stock is back on the shelf: deleting the order later must not return it twice. */
export function clearStockTaken(db: Q, orderId: number) {
  return db
    .updateTable('order_items')
    .set({ stock_taken: 0 })
    .where('order_id', '=', orderId)
    .execute();
}

export function setOrderDelivery(
  db: Q,
  id: number,
  delivery: {
    deliveryDate: string;
    deliveryTimeWindow: string;
    deliveryNotes: string | null;
    scheduleSlotId: number | null;
  },
) {
  return db
    .updateTable('orders')
    .set({
      delivery_date: delivery.deliveryDate,
      delivery_time_window: delivery.deliveryTimeWindow,
      delivery_notes: delivery.deliveryNotes,
      schedule_slot_id: delivery.scheduleSlotId,
    })
    .where('id', '=', id)
    .execute();
}

export function deleteOrderRow(db: Q, id: number) {
  return db.deleteFrom('orders').where('id', '=', id).execute();
}

export async function findOrderOwner(db: Q, id: number): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select('shopper_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.shopper_id ?? null;
}
