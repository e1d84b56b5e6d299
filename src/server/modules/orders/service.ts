import type { Kysely } from 'kysely';
import { explicitSlotFor } from '../../../shared/availability';
import type { OrderStatus } from '../../../shared/constants';
import type { Order } from '../../../shared/types';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import { busEvent, type Outcome } from '../../realtime/events';
import { findProduct } from '../catalog/service';
import { listScheduleSlots, slotEvents } from '../scheduling/service';
import { orderFromRows } from './order-mapper';
import * as repo from './repo';

export async function listOrders(db: Kysely<Database>, shopperId?: string): Promise<Order[]> {
  const rows = await repo.findOrders(db, shopperId === undefined ? {} : { shopperId });
  return rows.map(([order, items]) => orderFromRows(order, items));
}

export async function findOrder(db: Kysely<Database>, id: number): Promise<Order> {
  const [row] = await repo.findOrders(db, { id });
  if (!row) throw notFound('Order');
  return orderFromRows(row[0], row[1]);
}

/** The order's change as every browser allowed to see the order hears it. */
async function orderUpdated(db: Kysely<Database>, id: number): Promise<Outcome<Order>> {
  const order = await findOrder(db, id);
  const shopperId = await repo.findOrderOwner(db, id);
  return { value: order, events: [busEvent('order-updated', order, { shopperId })] };
}

export async function updateOrderStatus(
  db: Kysely<Database>,
  id: number,
  status: OrderStatus,
): Promise<Outcome<Order>> {
  if (!(await repo.setOrderStatus(db, id, status))) throw notFound('Order');
  return orderUpdated(db, id);
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
      const product = await repo.findProductFlavorStocks(trx, productId);
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
    if (order.schedule_slot_id) await repo.releaseSlotPlace(trx, order.schedule_slot_id);
    await repo.deleteOrderRow(trx, id);
    // Stock moved: every storefront shows the new figures without reloading.
    const restocked = await Promise.all([...byProduct.keys()].map((p) => findProduct(trx, p)));
    return {
      value: undefined,
      events: [
        busEvent('order-deleted', { id }, { shopperId: order.shopper_id }),
        ...restocked.flatMap((product) => (product ? [busEvent('product-updated', product)] : [])),
        ...(await slotEvents(trx, [order.schedule_slot_id])),
      ],
    };
  });
}
