import type { Kysely } from 'kysely';
import { explicitSlotFor } from '../../../shared/availability';
import type { OrderStatus } from '../../../shared/constants';
import type { Order } from '../../../shared/types';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import { listScheduleSlots } from '../scheduling/service';
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

export async function updateOrderStatus(
  db: Kysely<Database>,
  id: number,
  status: OrderStatus,
): Promise<Order> {
  const result = await db
    .updateTable('orders')
    .set({ status })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('Order');
  return findOrder(db, id);
}

/** The dealer may move an order to any date and window; the slot places follow it. */
export async function updateOrderDelivery(
  db: Db,
  id: number,
  delivery: { deliveryDate: string; deliveryTimeWindow: string; deliveryNotes: string | null },
): Promise<Order> {
  await db.kysely.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!order) throw notFound('Order');
    if (order.schedule_slot_id) await repo.releaseSlotPlace(trx, order.schedule_slot_id);
    const slot = explicitSlotFor(
      delivery.deliveryDate,
      delivery.deliveryTimeWindow,
      await listScheduleSlots(trx),
    );
    if (slot) {
      await trx
        .updateTable('schedule_slots')
        .set((eb) => ({ current_orders: eb('current_orders', '+', 1) }))
        .where('id', '=', slot.id)
        .execute();
    }
    await trx
      .updateTable('orders')
      .set({
        delivery_date: delivery.deliveryDate,
        delivery_time_window: delivery.deliveryTimeWindow,
        delivery_notes: delivery.deliveryNotes,
        schedule_slot_id: slot?.id ?? null,
      })
      .where('id', '=', id)
      .execute();
  });
  return findOrder(db.kysely, id);
}

/** Deleting an order gives back exactly the stock it took and its place in the slot. */
export async function deleteOrder(db: Db, id: number): Promise<number[]> {
  return db.kysely.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!order) throw notFound('Order');
    const items = await trx
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', id)
      .execute();
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
      const product = await trx
        .selectFrom('products')
        .select('flavor_stocks')
        .where('id', '=', productId)
        .executeTakeFirst();
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
    await trx.deleteFrom('orders').where('id', '=', id).execute();
    return [...byProduct.keys()];
  });
}
