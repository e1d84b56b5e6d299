import type { Kysely } from 'kysely';
import { FINISHED_STATUSES, inStopOrder } from '../../../shared/order-lifecycle';
import type { Order } from '../../../shared/types';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { Outcome } from '../../realtime/events';
import { findOrder, listOrders, type StatusChange, updateOrderStatus } from '../orders/service';

/** A driver's unfinished deliveries, in the order to drive them (issue 17 §2). */
export async function listDeliveries(db: Kysely<Database>, driverId: number): Promise<Order[]> {
  return inStopOrder(await listOrders(db, { driverId, notIn: FINISHED_STATUSES }));
}

/**
 * A driver moves only their own stops along; another driver's order is as unknown to them
 * as one that does not exist.
 */
export async function updateDelivery(
  db: Db,
  driverId: number,
  id: number,
  change: StatusChange,
): Promise<Outcome<Order>> {
  const order = await findOrder(db.kysely, id).catch(() => null);
  if (order?.driver?.id !== driverId) throw notFound('Delivery');
  return updateOrderStatus(db, id, change);
}
