import type { Kysely } from 'kysely';
import { taxContextFor } from '../../../shared/compliance/checkout-terms';
import { idOverLimitReason, limitsOn } from '../../../shared/compliance/limits';
import {
  type DoorCheck,
  type DoorCheckInput,
  doorCheckOutcome,
} from '../../../shared/id-check/door-check';
import { checkId } from '../../../shared/id-check/rule';
import { FINISHED_STATUSES, inStopOrder, isFinished } from '../../../shared/order-lifecycle';
import { shopClock } from '../../../shared/shop-clock';
import type { Order } from '../../../shared/types';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import type { Outcome } from '../../realtime/events';
import { idNumberHash } from '../id-checks/id-number-hash';
import * as repo from '../orders/repo';
import { listOrders, orderUpdated, type StatusChange, updateOrderStatus } from '../orders/service';
import { getDealerSettings } from '../scheduling/service';

/** A driver's unfinished deliveries, in the order to drive them (issue 17 §2). */
export async function listDeliveries(db: Kysely<Database>, driverId: number): Promise<Order[]> {
  return inStopOrder(await listOrders(db, { driverId, notIn: FINISHED_STATUSES }));
}

/** A driver moves only their own stops along. */
export async function updateDelivery(
  db: Db,
  driverId: number,
  id: number,
  change: StatusChange,
): Promise<Outcome<Order>> {
  const order = await driversOrder(db.kysely, driverId, id);
  if (change.status === 'completed') handoverProblem(order, change);
  return updateOrderStatus(db, id, change);
}

/** DCC §15404(a) and §15420: a passed ID check and the customer's signature come first. */
function handoverProblem(order: Order, change: StatusChange): void {
  if (!order.idCheck?.passed)
    throw new HttpError(409, {
      error: `Check the customer's ID before handing over order #${order.id}.`,
      code: 'ID_CHECK_REQUIRED',
    });
  if (!change.signature)
    throw new HttpError(409, {
      error: `Ask ${order.customer} to sign before handing over order #${order.id}.`,
      code: 'SIGNATURE_REQUIRED',
    });
}

/** Another driver's order is as unknown to a driver as one that does not exist. */
async function driversOrder(db: Kysely<Database>, driverId: number, id: number): Promise<Order> {
  const [order] = await listOrders(db, { id, driverId });
  if (!order) throw notFound('Delivery');
  return order;
}

export interface DoorCheckContext {
  timeZone: string;
  /** keys the ID-number hash; kept out of the database (id-number-hash.ts) */
  secret: string;
  now?: Date;
}

/**
 * The driver's ID check at the door (issue 17 §3): 21+ on the shop's date, not expired, and
 * the orderer's name (or the driver's confirmation that it is them). Kept with the order:
 * the result, method, time, driver and a keyed hash of the ID's number; never the number
 * or the birth date. A failed check is kept too: the driver then brings the order back.
 */
export async function recordDoorCheck(
  db: Db,
  driverId: number,
  id: number,
  input: DoorCheckInput,
  { timeZone, secret, now = new Date() }: DoorCheckContext,
): Promise<Outcome<Order>> {
  const order = await driversOrder(db.kysely, driverId, id);
  if (isFinished(order.status))
    throw new HttpError(409, {
      error: `Order #${id} is already ${order.status}.`,
      code: 'ORDER_STATUS_REFUSED',
    });
  const today = shopClock(now, timeZone).date;
  const result = checkId(input, { today, customerName: order.customer });
  const idHash = idNumberHash(input.idNumber, input.state, secret);
  return db.kysely.transaction().execute(async (trx) => {
    const check: DoorCheck = {
      method: input.method,
      ...doorCheckOutcome(
        result,
        input.confirmName === true,
        await idOverLimit(trx, id, idHash, today),
      ),
      driverId,
      at: now.toISOString(),
    };
    await repo.setIdCheck(trx, id, { json: JSON.stringify(check), idHash });
    return orderUpdated(trx, id);
  });
}

/**
 * Anti-"looping" (issue 17 §3): the grams of every order checked with this ID on the order's
 * shop day, this one included, stay within the daily limits of the rule set in force.
 */
async function idOverLimit(
  trx: Kysely<Database>,
  id: number,
  idHash: string,
  today: string,
): Promise<string | null> {
  const row = await repo.findOrderRow(trx, id);
  if (!row) throw notFound('Delivery');
  const shopDate = row.shop_date ?? today;
  const { ruleSet } = taxContextFor(await getDealerSettings(trx), null, shopDate);
  if (limitsOn(ruleSet, shopDate).length === 0) return null;
  const order = { cannabis: row.cannabis_grams, concentrate: row.concentrate_grams };
  const earlier = await repo.gramsForIdOn(trx, shopDate, idHash, id);
  return idOverLimitReason(ruleSet, shopDate, order, earlier);
}
