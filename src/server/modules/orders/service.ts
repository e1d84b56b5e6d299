import type { Kysely, Transaction } from 'kysely';
import { explicitSlotFor, isWindowWithinHours } from '../../../shared/availability';
import { outsideHoursMessage } from '../../../shared/compliance/hours';
import {
  addGrams,
  formatGrams,
  type GramsByKind,
  limitsOn,
  purchaseLimitStatus,
} from '../../../shared/compliance/limits';
import { amountOn, type RuleSet } from '../../../shared/compliance/rule-set';
import type { OrderStatus, OrderType } from '../../../shared/constants';
import { formatCents, toDollars } from '../../../shared/money';
import {
  isClosed,
  isHandedOver,
  orderIsARecordMessage,
  preparerAfter,
  type ReturnReason,
  statusChangeProblem,
} from '../../../shared/order-lifecycle';
import { EXPIRED_VOID_REASON } from '../../../shared/order-limits';
import { type Payment, paymentProblem } from '../../../shared/payment';
import { customerNumberKey } from '../../../shared/receipt';
import type { Driver, Order } from '../../../shared/schemas/orders';
import type { HeldStock } from '../../../shared/schemas/products';
import { shopClock } from '../../../shared/shop-clock';
import type { Db, Dialect } from '../../db/connect';
import type { Database, OrderRow } from '../../db/schema';
import { busEvent, type DomainEvent, type Outcome } from '../../events/bus';
import { fieldError, HttpError, notFound } from '../../http/errors';
import { type Actor, recordChange, SHOP_ITSELF } from '../audit/service';
import { findProduct } from '../catalog/service';
import { hasDrawnMark } from '../id-checks/signature-ink';
import { recordSaleForReport } from '../metrc/service';
import { listScheduleSlots, slotEvents } from '../scheduling/service';
import { currentRuleSet } from '../settings/service';
import { checkHandover } from './handover';
import { orderFromRows } from './order-mapper';
import * as repo from './repo';

export async function listOrders(
  db: Kysely<Database>,
  where: Parameters<typeof repo.findOrders>[1] = {},
): Promise<Order[]> {
  const rows = await repo.findOrders(db, where);
  return rows.map(([order, items, returns]) => orderFromRows(order, items, returns));
}

export async function findOrder(db: Kysely<Database>, id: number): Promise<Order> {
  const [row] = await repo.findOrders(db, { id });
  if (!row) throw notFound('Order');
  return orderFromRows(...row);
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

/** The Activity log's entry for a change to an order, `before` being its row before the change. */
function recordOrderChange(
  trx: Kysely<Database>,
  actor: Actor,
  action: string,
  before: Record<string, unknown> & { id: number },
) {
  return recordChange(trx, actor, { action, entity: 'orders', entityId: before.id, before });
}

export interface StatusChange {
  status: OrderStatus;
  returnReason?: ReturnReason | null;
  /** why staff void (cancel) the order: required where sales are records */
  reason?: string | null;
  /** the customer's signature at handover (a PNG data: URL, checked by the route's schema) */
  signature?: string | null;
  /** what the customer paid at handover */
  payment?: Payment;
}

/** Who changes an order, when, and in which shop clock. */
export interface ChangeContext {
  actor: Actor;
  timeZone: string;
  now?: Date;
  /** the driver moving their own stop: the door rules bind a driver under every rule set */
  atTheDoor?: boolean;
  /** the driver found nobody home and will try again: the attempt is counted with this note */
  attemptNote?: string;
  /** the shop reports sales to the state's track-and-trace system (Metrc is configured) */
  trackAndTrace?: boolean;
}

/** A handover's payment must settle the total the order then has (after any re-pricing). */
async function recordPayment(
  trx: Transaction<Database>,
  id: number,
  totalCents: number,
  payment: Payment,
) {
  const problem = paymentProblem(toDollars(totalCents), payment);
  if (problem)
    throw new HttpError(409, { error: `Order #${id}: ${problem}`, code: 'PAYMENT_SHORT' });
  await repo.setPayment(trx, id, payment);
}

const STATUS_ACTIONS: Partial<Record<OrderStatus, string>> = {
  completed: 'handed over',
  cancelled: 'voided',
  returned: 'brought back',
};

/**
 * Moves an order along its lifecycle (order-lifecycle.ts). Returning or cancelling it puts
 * its stock back on the shelf, frees its place in the schedule and takes its grams off the
 * customer's daily limits, once: a closed order stays closed. Handing it over passes the door
 * rules (handover.ts) where sales are records, and always at the driver's door. A real move
 * (not the same status again) is announced once, for the shopper's notifications.
 */
export async function updateOrderStatus(
  db: Db,
  id: number,
  change: StatusChange,
  context: ChangeContext,
): Promise<Outcome<Order>> {
  return (await moveOrder(db, id, change, context))!;
}

/**
 * The shop itself cancels an order nobody accepted in time, through the same rules
 * as staff cancelling it (stock back, slot place freed, announced). Answers null when the
 * order is no longer pending (staff accepted or cancelled it meanwhile): nothing changes.
 */
export async function expireOrder(
  db: Db,
  id: number,
  context: Omit<ChangeContext, 'actor'>,
): Promise<Outcome<Order> | null> {
  const change = { status: 'cancelled' as const, reason: EXPIRED_VOID_REASON };
  return moveOrder(db, id, change, { ...context, actor: SHOP_ITSELF }, { expiring: true });
}

async function moveOrder(
  db: Db,
  id: number,
  change: StatusChange,
  context: ChangeContext,
  options: { expiring?: boolean } = {},
): Promise<Outcome<Order> | null> {
  const now = context.now ?? new Date();
  const drawn = change.signature ? await hasDrawnMark(change.signature) : false;
  return db.kysely.transaction().execute(async (trx) => {
    const row = await repo.lockOrderRow(trx, id, db.dialect);
    if (!row) throw notFound('Order');
    if (options.expiring && row.status !== 'pending') return null;
    const ruleSet = await currentRuleSet(trx);
    const current = {
      id,
      status: row.status as OrderStatus,
      orderType: row.order_type as OrderType,
    };
    // where the shop reports to Metrc a handed-over sale is a record under every rule set:
    // Metrc is told of a return after it (recordReturn), never of a sale quietly undone
    const salesAreRecords = ruleSet.salesRecords !== null || context.trackAndTrace === true;
    const problem = statusChangeProblem(current, change.status, salesAreRecords);
    if (problem) throw new HttpError(409, { error: problem.message, code: problem.code });
    const handingOver = change.status === 'completed' && current.status !== 'completed';
    const gated = handingOver && (ruleSet.salesRecords !== null || context.atTheDoor === true);
    const handover = gated
      ? await checkHandover(trx, db.dialect, row, ruleSet, {
          timeZone: context.timeZone,
          now,
          signature: { given: !!change.signature, drawn },
        })
      : null;
    await repo.setOrderStatus(trx, id, {
      status: change.status,
      completedAt: change.status === 'completed' ? (row.completed_at ?? now.toISOString()) : null,
      returnReason: change.status === 'returned' ? (change.returnReason ?? null) : null,
      voidReason:
        change.status === 'cancelled'
          ? voidReasonOf(change, ruleSet, id)
          : change.status === 'returned'
            ? change.reason?.trim() || null
            : null,
      saleDate: handingOver
        ? (handover?.saleDate ?? shopClock(now, context.timeZone).date)
        : undefined,
      departedAt:
        change.status === 'on the way' && row.departed_at === null ? now.toISOString() : undefined,
    });
    if (handover?.repriced) await repo.setRepricedTaxes(trx, id, handover.repriced);
    if (handingOver && context.trackAndTrace) {
      const saleDate = handover?.saleDate ?? shopClock(now, context.timeZone).date;
      const sold = (await repo.lockOrderRow(trx, id, db.dialect))!;
      await recordSaleForReport(trx, db.dialect, sold, saleDate, now, context.timeZone);
    }
    if (context.attemptNote !== undefined)
      await repo.addDeliveryAttempt(trx, id, context.attemptNote);
    if (options.expiring) await repo.setExpired(trx, id, now.toISOString());
    await recordReceiptFacts(trx, row, change.status, context.actor, now);
    if (change.signature && change.status === 'completed')
      await repo.setSignature(trx, id, change.signature);
    if (change.payment && handingOver) {
      const totalCents = handover?.repriced?.totalCents ?? Number(row.total_cents);
      await recordPayment(trx, id, totalCents, change.payment);
    }
    const closing = isClosed(change.status) && !isClosed(current.status);
    const restocked = closing ? await restoreStock(trx, id, db.dialect) : [];
    if (closing) {
      await repo.releaseOrderHolds(trx, id);
      if (row.schedule_slot_id && row.holds_slot_place === 1)
        await repo.releaseSlotPlace(trx, row.schedule_slot_id);
    }
    const placing = !closing && takesPlaceNow(row, change.status);
    if (placing) await takeSlotPlace(trx, row);
    if (change.status !== current.status) {
      const action = options.expiring
        ? 'expired'
        : (STATUS_ACTIONS[change.status] ?? 'status changed');
      await recordOrderChange(trx, context.actor, action, row);
    }
    const updated = await orderUpdated(trx, id);
    const slots = closing || placing ? await slotEvents(trx, [row.schedule_slot_id]) : [];
    const moved =
      change.status === current.status
        ? []
        : [busEvent('order-status-changed', { id, from: current.status, to: change.status })];
    return { value: updated.value, events: [...updated.events, ...restocked, ...slots, ...moved] };
  });
}

/**
 * A Bulk or unpriced order takes its place in its delivery window when staff move it
 * on from pending (accept it), even past the slot's capacity: the staff decide.
 */
function takesPlaceNow(row: OrderRow, next: OrderStatus): boolean {
  return (
    row.holds_slot_place === 0 &&
    next !== 'pending' &&
    !isClosed(next) &&
    row.order_type !== 'pickup' &&
    !!row.delivery_date &&
    !!row.delivery_time_window
  );
}

async function takeSlotPlace(trx: Transaction<Database>, row: OrderRow) {
  if (row.schedule_slot_id) await repo.addSlotPlace(trx, row.schedule_slot_id);
  await repo.setHoldsSlotPlace(trx, row.id, true);
}

/** Where sales are records a voided order says why; elsewhere the reason is optional. */
function voidReasonOf(change: StatusChange, ruleSet: RuleSet, id: number): string | null {
  const reason = change.reason?.trim() || null;
  if (!reason && ruleSet.salesRecords)
    throw fieldError(
      'reason',
      'is required: say why the order is cancelled',
      `Say why order #${id} is cancelled: a voided sale keeps its reason.`,
    );
  return reason;
}

/** Who prepared the order, and the customer's number once it is handed over (its receipt). */
async function recordReceiptFacts(
  trx: Transaction<Database>,
  row: OrderRow,
  next: OrderStatus,
  actor: Actor,
  now: Date,
): Promise<void> {
  const current = { status: row.status as OrderStatus, preparedBy: row.prepared_by };
  const staff = actor.staff ? { staffId: actor.staff.userId, role: actor.staff.role } : null;
  const preparedBy = preparerAfter(current, next, staff);
  const key = customerNumberKey({ customerKey: row.customer_key, phone: row.phone });
  const customerNumber =
    row.customer_number ??
    (isHandedOver(next) ? await repo.customerNumberFor(trx, key, now.toISOString()) : null);
  if (preparedBy !== row.prepared_by || customerNumber !== row.customer_number)
    await repo.setReceiptFacts(trx, row.id, { preparedBy, customerNumber });
}

/**
 * The order's row, locked for a change, and the rule set it changes under. Where sales are
 * records, a handed-over order's record is final: nothing about it changes.
 */
async function lockOrderToEdit(
  trx: Transaction<Database>,
  dialect: Dialect,
  id: number,
): Promise<{ row: OrderRow; ruleSet: RuleSet }> {
  const row = await repo.lockOrderRow(trx, id, dialect);
  if (!row) throw notFound('Order');
  const ruleSet = await currentRuleSet(trx);
  const status = row.status as OrderStatus;
  if (ruleSet.salesRecords && isHandedOver(status)) {
    const refusal = statusChangeProblem(
      { id: row.id, status, orderType: row.order_type as OrderType },
      'accepted',
      true,
    );
    throw new HttpError(409, { error: refusal!.message, code: 'ORDER_IS_A_RECORD' });
  }
  return { row, ruleSet };
}

/**
 * Assigns a delivery to an active driver, or takes it off whoever has it (null). Under a rule
 * set with a vehicle cap, the goods a driver carries at once stay within it.
 */
export async function assignDriver(
  db: Db,
  id: number,
  driverId: number | null,
  context: ChangeContext,
): Promise<Outcome<Order>> {
  return db.kysely.transaction().execute(async (trx) => {
    const { row, ruleSet } = await lockOrderToEdit(trx, db.dialect, id);
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
      const driver = await repo.findActiveDriver(trx, driverId);
      if (!driver)
        throw new HttpError(400, {
          error: 'driverId: must be an active driver',
          code: 'NOT_A_DRIVER',
        });
      await checkVehicleCap(trx, db.dialect, row, driver, ruleSet, context);
    }
    await repo.setOrderDriver(trx, id, driverId);
    const action = driverId === null ? 'driver removed' : 'driver assigned';
    await recordOrderChange(trx, context.actor, action, row);
    return orderUpdated(trx, id, row.driver_id === driverId ? null : row.driver_id);
  });
}

/** A driver carries at most the rule set's retail value at once. */
async function checkVehicleCap(
  trx: Transaction<Database>,
  dialect: Dialect,
  row: OrderRow,
  driver: { id: number; first_name: string },
  ruleSet: RuleSet,
  context: ChangeContext,
) {
  const today = shopClock(context.now ?? new Date(), context.timeZone).date;
  const cap = amountOn(ruleSet.vehicleCaps, today);
  if (!cap) return;
  await repo.lockKey(trx, dialect, `driver ${driver.id}`);
  const carried = await repo.driverLoadCents(trx, driver.id, row.id);
  if (carried + row.subtotal_cents <= cap.cents) return;
  const error = `${driver.first_name} already carries ${formatCents(carried)} of goods; with order #${row.id} (${formatCents(row.subtotal_cents)}) that passes the ${formatCents(cap.cents)} a delivery vehicle may carry at once.`;
  throw new HttpError(409, { error, code: 'VEHICLE_LIMIT', limit: toDollars(cap.cents) });
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

/**
 * The dealer may move an order to any date and window; the slot places follow it. Where the
 * rule set has legal hours the window must lie within them, and where it has daily limits the
 * new day is counted again (the goods change hands that day).
 */
export async function updateOrderDelivery(
  db: Db,
  id: number,
  delivery: { deliveryDate: string; deliveryTimeWindow: string; deliveryNotes: string | null },
  context: ChangeContext,
): Promise<Outcome<Order>> {
  return db.kysely.transaction().execute(async (trx) => {
    const { row: order, ruleSet } = await lockOrderToEdit(trx, db.dialect, id);
    if (!isWindowWithinHours(delivery.deliveryTimeWindow, ruleSet.hours)) {
      const message = outsideHoursMessage('The delivery window', ruleSet.hours!);
      throw fieldError('deliveryTimeWindow', message, message);
    }
    await recheckDayLimits(trx, db.dialect, order, ruleSet, delivery.deliveryDate);
    // the place moves with the order; an order that holds none yet only links to the new slot
    const holds = order.holds_slot_place === 1;
    if (order.schedule_slot_id && holds) await repo.releaseSlotPlace(trx, order.schedule_slot_id);
    const slot = explicitSlotFor(
      delivery.deliveryDate,
      delivery.deliveryTimeWindow,
      await listScheduleSlots(trx),
    );
    if (slot && holds) await repo.addSlotPlace(trx, slot.id);
    await repo.setOrderDelivery(trx, id, { ...delivery, scheduleSlotId: slot?.id ?? null });
    if (!isClosed(order.status as OrderStatus))
      await repo.setSaleDate(trx, id, delivery.deliveryDate);
    await recordOrderChange(trx, context.actor, 'delivery changed', order);
    const updated = await orderUpdated(trx, id);
    const slots = await slotEvents(trx, [order.schedule_slot_id, slot?.id ?? null]);
    return { value: updated.value, events: [...updated.events, ...slots] };
  });
}

/** Moving an order to another day counts it against that day's limits. */
async function recheckDayLimits(
  trx: Transaction<Database>,
  dialect: Dialect,
  row: OrderRow,
  ruleSet: RuleSet,
  saleDate: string,
) {
  if (saleDate === row.sale_date || limitsOn(ruleSet, saleDate).length === 0) return;
  if (row.customer_key) await repo.lockKey(trx, dialect, `customer ${row.customer_key}`);
  const day = await repo.dayGramsOf(trx, saleDate, row.customer_key, row.shopper_id ?? '', row.id);
  const order: GramsByKind = { cannabis: row.cannabis_grams, concentrate: row.concentrate_grams };
  const earlier = addGrams(day.own, day.others);
  const over = purchaseLimitStatus(ruleSet, saleDate, order, earlier).find((s) => s.over);
  if (!over) return;
  const error = `Order #${row.id} can't move to ${saleDate}: with it this customer would pass that day's limit of ${formatGrams(over.limitGrams)} of ${over.label}.`;
  throw new HttpError(409, { error, code: 'PURCHASE_LIMIT', message: error });
}

/**
 * Deleting an order gives back exactly the stock it took and its place in the slot. Where
 * sales are records an order is never deleted: it is voided with a reason instead.
 */
export async function deleteOrder(
  db: Db,
  id: number,
  actor: Actor,
  options: { trackAndTrace?: boolean } = {},
): Promise<Outcome<void>> {
  return db.kysely.transaction().execute(async (trx) => {
    const order = await repo.lockOrderRow(trx, id, db.dialect);
    if (!order) throw notFound('Order');
    // a sale reported to Metrc stays, whatever the rule set
    const reported = options.trackAndTrace === true && isHandedOver(order.status as OrderStatus);
    if (reported || (await currentRuleSet(trx)).salesRecords)
      throw new HttpError(409, { error: orderIsARecordMessage(id), code: 'ORDER_IS_A_RECORD' });
    const restocked = await restoreStock(trx, id, db.dialect);
    if (order.schedule_slot_id && order.holds_slot_place === 1)
      await repo.releaseSlotPlace(trx, order.schedule_slot_id);
    await recordOrderChange(trx, actor, 'deleted', order);
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

/**
 * How much stock orders that staff have not accepted yet hold, per product, so the
 * back office sees what an unconfirmed order keeps off the shelf (and how long it may).
 */
export async function listHeldStock(db: Kysely<Database>): Promise<HeldStock[]> {
  const rows = await repo.heldStockByProduct(db);
  return rows.map((row) => ({
    productId: Number(row.product_id),
    pendingOrders: Number(row.pending_orders),
    held: Number(row.held),
  }));
}
