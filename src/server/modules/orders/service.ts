import type { Kysely, Transaction } from 'kysely';
import { explicitSlotFor } from '../../../shared/availability';
import type { OrderStatus, OrderType } from '../../../shared/constants';
import {
  isClosed,
  preparerAfter,
  type ReturnReason,
  type StatusActor,
  statusChangeProblem,
} from '../../../shared/order-lifecycle';
import { customerNumberKey, hasReceipt } from '../../../shared/receipt';
import type { Driver, Order } from '../../../shared/types';
import type { Db, Dialect } from '../../db/connect';
import type { Database, OrderRow } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { busEvent, type DomainEvent, type Outcome } from '../../realtime/events';
import { findProduct } from '../catalog/service';
import { listScheduleSlots, slotEvents } from '../scheduling/service';
import { orderFromRows } from './order-mapper';
import * as repo from './repo';

export async function listOrders(
  db: Kysely<Database>,
  where: Parameters<typeof repo.findOrders>[1] = {},
): Promise<Order[]> {
  const rows = await repo.findOrders(db, where);
  return rows.map(([order, items]) => orderFromRows(order, items));
}

export async function findOrder(db: Kysely<Database>, id: number): Promise<Order> {
  const [row] = await repo.findOrders(db, { id });
  if (!row) throw notFound('Order');
  return orderFromRows(row[0], row[1]);
}

/**
 * The order's change as every browser allowed to see the order hears it: staff, its shopper,
 * its driver and, after a reassignment, the driver it was taken from.
 */
export async function orderUpdated(
  db: Kysely<Database>,
  id: number,
  formerDriverId: number | null = null,
): Promise<Outcome<Order>> {
  const order = await findOrder(db, id);
  const shopperId = await repo.findOrderOwner(db, id);
  const driverIds = [order.driver?.id, formerDriverId].filter((d): d is number => !!d);
  return { value: order, events: [busEvent('order-updated', order, { shopperId, driverIds })] };
}

export interface StatusChange {
  status: OrderStatus;
  returnReason?: ReturnReason | null;
  /** the customer's signature at handover (a PNG data: URL, checked by the route's schema) */
  signature?: string | null;
}

/**
 * Moves an order along its lifecycle (order-lifecycle.ts). Returning or cancelling it puts
 * its stock back on the shelf, frees its place in the schedule and takes its grams off the
 * customer's daily limits, once: a closed order stays closed. `actor` is the member of staff
 * making the change (who prepared the order, for its receipt); null for none. A real move
 * (not the same status again) is announced once, for the shopper's notifications.
 */
export async function updateOrderStatus(
  db: Db,
  id: number,
  change: StatusChange,
  actor: StatusActor | null = null,
  now = new Date(),
): Promise<Outcome<Order>> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await repo.findOrderRow(trx, id);
    if (!row) throw notFound('Order');
    const current = {
      id,
      status: row.status as OrderStatus,
      orderType: row.order_type as OrderType,
    };
    const problem = statusChangeProblem(current, change.status);
    if (problem) throw new HttpError(409, { error: problem, code: 'ORDER_STATUS_REFUSED' });
    await repo.setOrderStatus(trx, id, {
      status: change.status,
      completedAt: change.status === 'completed' ? (row.completed_at ?? now.toISOString()) : null,
      returnReason: change.status === 'returned' ? (change.returnReason ?? null) : null,
    });
    await recordReceiptFacts(trx, row, change.status, actor, now);
    if (change.signature && change.status === 'completed')
      await repo.setSignature(trx, id, change.signature);
    const closing = isClosed(change.status) && !isClosed(current.status);
    const restocked = closing ? await restoreStock(trx, id, db.dialect) : [];
    if (closing) {
      await repo.releaseOrderHolds(trx, id);
      if (row.schedule_slot_id) await repo.releaseSlotPlace(trx, row.schedule_slot_id);
    }
    const updated = await orderUpdated(trx, id);
    const slots = closing ? await slotEvents(trx, [row.schedule_slot_id]) : [];
    const moved =
      change.status === current.status
        ? []
        : [busEvent('order-status-changed', { id, from: current.status, to: change.status })];
    return { value: updated.value, events: [...updated.events, ...restocked, ...slots, ...moved] };
  });
}

/** Who prepared the order, and the customer's number once it is handed over (its receipt). */
async function recordReceiptFacts(
  trx: Transaction<Database>,
  row: OrderRow,
  next: OrderStatus,
  actor: StatusActor | null,
  now: Date,
): Promise<void> {
  const current = { status: row.status as OrderStatus, preparedBy: row.prepared_by };
  const preparedBy = preparerAfter(current, next, actor);
  const key = customerNumberKey({ customerKey: row.customer_key, phone: row.phone });
  const customerNumber =
    row.customer_number ??
    (hasReceipt(next) ? await repo.customerNumberFor(trx, key, now.toISOString()) : null);
  if (preparedBy !== row.prepared_by || customerNumber !== row.customer_number)
    await repo.setReceiptFacts(trx, row.id, { preparedBy, customerNumber });
}

/** Assigns a delivery to an active driver, or takes it off whoever has it (null). */
export async function assignDriver(
  db: Db,
  id: number,
  driverId: number | null,
): Promise<Outcome<Order>> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await repo.findOrderRow(trx, id);
    if (!row) throw notFound('Order');
    if (driverId !== null) {
      if (row.order_type === 'pickup')
        throw new HttpError(409, {
          error: `Order #${id} is a pickup: the customer collects it at the shop.`,
          code: 'PICKUP_HAS_NO_DRIVER',
        });
      if (isClosed(row.status as OrderStatus))
        throw new HttpError(409, {
          error: `Order #${id} was ${row.status}: there is nothing left to deliver.`,
          code: 'ORDER_STATUS_REFUSED',
        });
      if (!(await repo.findActiveDriver(trx, driverId)))
        throw new HttpError(400, {
          error: 'driverId: must be an active driver',
          code: 'NOT_A_DRIVER',
        });
    }
    await repo.setOrderDriver(trx, id, driverId);
    return orderUpdated(trx, id, row.driver_id === driverId ? null : row.driver_id);
  });
}

/** The drivers a delivery can be given to, for the dispatcher's choice. */
export async function listDrivers(db: Kysely<Database>): Promise<Driver[]> {
  const rows = await repo.findActiveDrivers(db);
  return rows.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    employeeNumber: r.employee_number ?? '',
  }));
}

/** The dealer may move an order to any date and window; the slot places follow it. */
export async function updateOrderDelivery(
  db: Db,
  id: number,
  delivery: { deliveryDate: string; deliveryTimeWindow: string; deliveryNotes: string | null },
): Promise<Outcome<Order>> {
  return db.kysely.transaction().execute(async (trx) => {
    const order = await repo.findOrderRow(trx, id);
    if (!order) throw notFound('Order');
    if (order.schedule_slot_id) await repo.releaseSlotPlace(trx, order.schedule_slot_id);
    const slot = explicitSlotFor(
      delivery.deliveryDate,
      delivery.deliveryTimeWindow,
      await listScheduleSlots(trx),
    );
    if (slot) await repo.addSlotPlace(trx, slot.id);
    await repo.setOrderDelivery(trx, id, { ...delivery, scheduleSlotId: slot?.id ?? null });
    const updated = await orderUpdated(trx, id);
    const slots = await slotEvents(trx, [order.schedule_slot_id, slot?.id ?? null]);
    return { value: updated.value, events: [...updated.events, ...slots] };
  });
}

/** Deleting an order gives back exactly the stock it took and its place in the slot. */
export async function deleteOrder(db: Db, id: number): Promise<Outcome<void>> {
  return db.kysely.transaction().execute(async (trx) => {
    const order = await repo.findOrderRow(trx, id);
    if (!order) throw notFound('Order');
    const restocked = await restoreStock(trx, id, db.dialect);
    if (order.schedule_slot_id) await repo.releaseSlotPlace(trx, order.schedule_slot_id);
    await repo.deleteOrderRow(trx, id);
    return {
      value: undefined,
      events: [
        busEvent('order-deleted', { id }, { shopperId: order.shopper_id }),
        ...restocked,
        ...(await slotEvents(trx, [order.schedule_slot_id])),
      ],
    };
  });
}

/**
 * Gives back exactly the stock the order took, once (its items then hold none), and answers
 * the product changes every storefront hears so it shows the new figures without reloading.
 */
async function restoreStock(
  trx: Transaction<Database>,
  id: number,
  dialect: Dialect,
): Promise<DomainEvent[]> {
  const items = await repo.findOrderItemRows(trx, id);
  const byProduct = new Map<number, { amount: number; flavors: Map<string, number> }>();
  for (const item of items) {
    if (item.stock_taken === 0) continue;
    const entry = byProduct.get(item.product_id) ?? {
      amount: 0,
      flavors: new Map<string, number>(),
    };
    entry.amount += item.stock_taken;
    if (item.stock_flavor)
      entry.flavors.set(
        item.stock_flavor,
        (entry.flavors.get(item.stock_flavor) ?? 0) + item.stock_taken,
      );
    byProduct.set(item.product_id, entry);
  }
  for (const [productId, { amount, flavors }] of byProduct) {
    const product = await repo.lockProductFlavorStocks(trx, productId, dialect);
    if (!product) continue; // a deleted product has no stock to return to
    let flavorStocks: string | undefined;
    if (flavors.size) {
      const current = new Map(
        Object.entries(JSON.parse(product.flavor_stocks) as Record<string, number>),
      );
      for (const [flavor, taken] of flavors)
        current.set(flavor, (current.get(flavor) ?? 0) + taken);
      flavorStocks = JSON.stringify(Object.fromEntries(current));
    }
    await repo.returnStock(trx, productId, amount, flavorStocks);
  }
  await repo.clearStockTaken(trx, id);
  const restocked = await Promise.all([...byProduct.keys()].map((p) => findProduct(trx, p)));
  return restocked.flatMap((product) => (product ? [busEvent('product-updated', product)] : []));
}
