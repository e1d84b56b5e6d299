/**
 * The life of an order, read by the server's rules, the back office, the
 * driver's view and the shopper's status page. The spec's statuses keep their names:
 * pending is "placed", on the way is "out for delivery", completed is "delivered" (or
 * "picked up"). Returned and cancelled are final: their stock is back on the shelf.
 */
import { windowStartMinutes } from './availability';
import type { OrderStatus, OrderType } from './constants';
import type { StaffRole } from './staff';

const DELIVERY_STEPS = ['pending', 'accepted', 'packed', 'on the way', 'completed'] as const;
const PICKUP_STEPS = ['pending', 'accepted', 'ready', 'completed'] as const;
export const CLOSED_STATUSES: readonly OrderStatus[] = ['returned', 'cancelled'];
/** Statuses after which nothing is left to do: the order leaves Active Orders. */
export const FINISHED_STATUSES: readonly OrderStatus[] = ['completed', ...CLOSED_STATUSES];

export const isPickup = (orderType: OrderType) => orderType === 'pickup';

/**
 * The shop day an order's goods are to change hands: a scheduled order's delivery
 * date, else today. Its limits and its excise rate are that day's.
 */
export function plannedSaleDate(
  orderType: OrderType,
  deliveryDate: string | null | undefined,
  today: string,
): string {
  return orderType === 'scheduled' && deliveryDate ? deliveryDate : today;
}

/** The steps an order of this type goes through, in order. */
export function lifecycleSteps(orderType: OrderType): readonly OrderStatus[] {
  return isPickup(orderType) ? PICKUP_STEPS : DELIVERY_STEPS;
}

/**
 * What staff may set: the type's steps, then returned (deliveries) and cancelled. The spec's
 * four statuses stay open to every order (spec §2.10 lists them for all), so a pickup may
 * still be set "on the way" as before.
 */
export function statusesFor(orderType: OrderType): OrderStatus[] {
  if (isPickup(orderType))
    return ['pending', 'accepted', 'ready', 'on the way', 'completed', 'cancelled'];
  return [...DELIVERY_STEPS, 'returned', 'cancelled'];
}

export const isClosed = (status: OrderStatus) => CLOSED_STATUSES.includes(status);
export const isFinished = (status: OrderStatus) => FINISHED_STATUSES.includes(status);

const LABELS: Record<OrderStatus, string> = {
  pending: 'Placed',
  accepted: 'Accepted',
  packed: 'Packed',
  ready: 'Ready for pickup',
  'on the way': 'Out for delivery',
  completed: 'Delivered',
  returned: 'Returned',
  cancelled: 'Cancelled',
};

/** The status in words for shoppers and drivers. */
export function statusLabel(status: OrderStatus, orderType: OrderType): string {
  if (isPickup(orderType) && status === 'completed') return 'Picked up';
  if (isPickup(orderType) && status === 'on the way') return 'On the way';
  return LABELS[status];
}

/** How far along its steps an order is, for a progress bar (-1 for a closed order). */
export function progressIndex(status: OrderStatus, orderType: OrderType): number {
  const steps = lifecycleSteps(orderType);
  // a pickup set "on the way" (the spec's status) is ready, not yet picked up
  return steps.indexOf(isPickup(orderType) && status === 'on the way' ? 'ready' : status);
}

export const isHandedOver = (status: OrderStatus) => status === 'completed';

export interface StatusRefusal {
  code: 'ORDER_STATUS_REFUSED' | 'ORDER_IS_A_RECORD';
  message: string;
}

/**
 * Why a status change is refused, or null when it is allowed. Staff may move an order back
 * and forth between its type's steps (the spec lets the dealer correct a status at any time);
 * a closed order stays closed, because its stock has already been restored. Where sales are
 * records (the rule set's `salesRecords`), a handed-over order is final: a return is recorded
 * beside it instead.
 */
export function statusChangeProblem(
  order: { id: number; status: OrderStatus; orderType: OrderType },
  next: OrderStatus,
  salesAreRecords = false,
): StatusRefusal | null {
  if (next === order.status) return null;
  const refused = (message: string): StatusRefusal => ({ code: 'ORDER_STATUS_REFUSED', message });
  if (salesAreRecords && isHandedOver(order.status))
    return {
      code: 'ORDER_IS_A_RECORD',
      message: `Order #${order.id} was ${statusLabel(order.status, order.orderType).toLowerCase()}: a sale is a record and cannot change. Record a return instead.`,
    };
  if (isClosed(order.status))
    return refused(
      `Order #${order.id} was ${order.status}; its stock is back on the shelf, so its status cannot change.`,
    );
  if (!statusesFor(order.orderType).includes(next))
    return refused(
      `A ${isPickup(order.orderType) ? 'pickup' : 'delivery'} order cannot be ${statusLabel(next, order.orderType).toLowerCase()}.`,
    );
  return null;
}

/** Where sales are records, an order is never deleted: it is voided with a reason. */
export const orderIsARecordMessage = (id: number) =>
  `Order #${id} is a record and cannot be deleted. Cancel it with a reason instead.`;

/** Who changes an order's status: staff at the back office, or the driver at the door. */
export interface StatusActor {
  staffId: number;
  role: StaffRole;
}

/**
 * Who prepared the order, for its receipt (DCC §15420): whoever packed it (or made a pickup
 * ready); if nobody did, whoever completed it at the back office. The driver handing it over
 * did not prepare it.
 */
export function preparerAfter(
  order: { status: OrderStatus; preparedBy: number | null },
  next: OrderStatus,
  actor: StatusActor | null,
): number | null {
  if (!actor || next === order.status) return order.preparedBy;
  if (next === 'packed' || next === 'ready') return actor.staffId;
  if (next === 'completed' && order.preparedBy === null && actor.role !== 'driver')
    return actor.staffId;
  return order.preparedBy;
}

/** A driver starts only a stop the shop accepted (or packed), never one merely placed. */
export const canStartDelivery = (status: OrderStatus) =>
  status === 'accepted' || status === 'packed';

/** A driver starts a delivery, hands it over, or brings it back. */
export const DRIVER_STATUSES = ['on the way', 'completed', 'returned'] as const;
export type DeliveryStatus = (typeof DRIVER_STATUSES)[number];

/**
 * A driver's stops in the order to drive them: today's same-day deliveries first (as they
 * came in), then scheduled ones by date and window.
 */
export function inStopOrder<
  T extends { id: number; deliveryDate: string | null; deliveryTimeWindow: string | null },
>(orders: readonly T[]): T[] {
  const start = (o: T) => (o.deliveryTimeWindow ? windowStartMinutes(o.deliveryTimeWindow) : -1);
  return [...orders].sort(
    (a, b) =>
      (a.deliveryDate ?? '').localeCompare(b.deliveryDate ?? '') ||
      start(a) - start(b) ||
      a.id - b.id,
  );
}

export const RETURN_REASONS = ['nobody-home', 'id-failed', 'refused'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  'nobody-home': 'Nobody home',
  'id-failed': 'ID check failed',
  refused: 'Customer refused',
};
