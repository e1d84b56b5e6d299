import type { Kysely } from 'kysely';
import type { DoorCheckInput } from '../../../shared/id-check/door-check';
import { canStartDelivery, FINISHED_STATUSES, inStopOrder } from '../../../shared/order-lifecycle';
import type { Order } from '../../../shared/schemas/orders';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import type { Outcome } from '../../events/bus';
import { HttpError, notFound } from '../../http/errors';
import { type IdCheckContext, recordIdCheck } from '../id-checks/service';
import {
  type ChangeContext,
  listOrders,
  type StatusChange,
  updateOrderStatus,
} from '../orders/service';

/** A driver's unfinished deliveries, in the order to drive them. */
export async function listDeliveries(db: Kysely<Database>, driverId: number): Promise<Order[]> {
  return inStopOrder(await listOrders(db, { driverId, notIn: FINISHED_STATUSES }));
}

/**
 * A driver moves only their own stops along, through the one status change every path uses;
 * the door rules (ID check, signature, hours, limits) bind a driver under every rule set.
 */
export async function updateDelivery(
  db: Db,
  driverId: number,
  id: number,
  change: StatusChange,
  context: ChangeContext,
): Promise<Outcome<Order>> {
  const order = await driversOrder(db.kysely, driverId, id);
  if (change.status === 'on the way' && !canStartDelivery(order.status))
    throw new HttpError(409, {
      error: `Order #${id} is not ready to go yet: the shop must accept it first.`,
      code: 'ORDER_STATUS_REFUSED',
    });
  return updateOrderStatus(db, id, change, { ...context, atTheDoor: true });
}

/** Words of a try with nobody home when the driver wrote none. */
export const NOBODY_HOME = 'Nobody home';

/**
 * Nobody home, try again later: the stop goes back on the driver's list,
 * ready to start again, with one more attempt counted and the driver's note.
 */
export async function recordDeliveryAttempt(
  db: Db,
  driverId: number,
  id: number,
  note: string | undefined,
  context: ChangeContext,
): Promise<Outcome<Order>> {
  const order = await driversOrder(db.kysely, driverId, id);
  if (order.status !== 'on the way')
    throw new HttpError(409, {
      error: `Order #${id} is not out for delivery: start it before trying the door.`,
      code: 'ORDER_STATUS_REFUSED',
    });
  const attemptNote = note?.trim() || NOBODY_HOME;
  return updateOrderStatus(
    db,
    id,
    { status: 'packed' },
    { ...context, atTheDoor: true, attemptNote },
  );
}

/** Another driver's order is as unknown to a driver as one that does not exist. */
async function driversOrder(db: Kysely<Database>, driverId: number, id: number): Promise<Order> {
  const [order] = await listOrders(db, { id, driverId });
  if (!order) throw notFound('Delivery');
  return order;
}

/** The driver's ID check at the door, for their own stops only. */
export async function recordDoorCheck(
  db: Db,
  driverId: number,
  id: number,
  input: DoorCheckInput,
  context: IdCheckContext,
): Promise<Outcome<Order>> {
  await driversOrder(db.kysely, driverId, id);
  return recordIdCheck(db, id, input, context);
}
