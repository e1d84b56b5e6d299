/**
 * The dealer's order limits ("stock, slots and limits held hostage"): how much one
 * order may take from the shelf, how long a placed order waits for the shop to accept it, and
 * how many scheduled orders may wait at once. One implementation, read by checkout on the
 * server, by the cart in the browser and by the server's expiry sweep. docs/security.md lists
 * each limit with the threat it answers.
 */
import { windowStartMinutes } from './availability';
import type { OrderType, QuantityLabel } from './constants';
import { formatCents, toCents } from './money';
import { isUnpricedLine, lineTotalCents } from './pricing';
import { shopDayStart } from './shop-clock';

export interface OrderLimits {
  /** the highest count of one cart line (e.g. 10 x "1/8 Oz") */
  maxLineCount: number;
  /** dollars: an order's subtotal before discounts may not pass it */
  maxOrderSubtotal: number;
  /** a same-day or pickup order nobody accepted within this many minutes is cancelled */
  acceptWithinMinutes: number;
  /** a scheduled order must be accepted this many minutes before its window starts */
  scheduledAcceptLeadMinutes: number;
  /** scheduled orders not yet finished under one phone number */
  maxOpenScheduledPerPhone: number;
  /** scheduled orders still waiting for the shop, per delivery day, shop-wide */
  maxPendingScheduledPerDay: number;
}

/** Far above what an ordinary shopper orders, low enough that one order cannot empty a shelf. */
export const ORDER_LIMIT_DEFAULTS: OrderLimits = {
  maxLineCount: 10,
  maxOrderSubtotal: 1000,
  acceptWithinMinutes: 120,
  scheduledAcceptLeadMinutes: 60,
  maxOpenScheduledPerPhone: 3,
  maxPendingScheduledPerDay: 40,
};

export const ORDER_LIMIT_FIELDS = Object.keys(ORDER_LIMIT_DEFAULTS) as (keyof OrderLimits)[];

export type OrderCapCode = 'LINE_COUNT_CAP' | 'ORDER_SUBTOTAL_CAP';

export interface OrderCapProblem {
  code: OrderCapCode;
  message: string;
  /** the cart line over the count cap */
  index?: number;
}

export const lineCountCapMessage = (name: string, max: number) =>
  `The shop sells at most ${max} of one item per order (${name}). Please lower the count, or call us for a larger order.`;

export const subtotalCapMessage = (subtotalCents: number, max: number) =>
  `Orders are limited to ${money(max)} before discounts; this one comes to ${formatCents(subtotalCents)}. Please remove something, or call us for a larger order.`;

/**
 * Why an order passes the caps, or null: a line counting more than `maxLineCount`, or a
 * subtotal (before discounts) over `maxOrderSubtotal`.
 */
export function orderCapProblem(
  lines: readonly { name: string; count: number }[],
  subtotalCents: number,
  limits: Pick<OrderLimits, 'maxLineCount' | 'maxOrderSubtotal'>,
): OrderCapProblem | null {
  const index = lines.findIndex((line) => line.count > limits.maxLineCount);
  if (index >= 0)
    return {
      code: 'LINE_COUNT_CAP',
      message: lineCountCapMessage(lines[index]!.name, limits.maxLineCount),
      index,
    };
  if (subtotalCents > toCents(limits.maxOrderSubtotal))
    return {
      code: 'ORDER_SUBTOTAL_CAP',
      message: subtotalCapMessage(subtotalCents, limits.maxOrderSubtotal),
    };
  return null;
}

/** A cart line as the browser keeps it: the unit price in dollars, -1 when it is not known. */
interface CartLineAmounts {
  price: number;
  quantity: QuantityLabel;
  count: number;
}

/** The cart's subtotal in cents from its lines' prices (unpriced lines count nothing). */
export function cartSubtotalCents(lines: readonly CartLineAmounts[]): number {
  return lines.reduce(
    (sum, line) =>
      sum +
      lineTotalCents({
        unitPriceCents: line.price < 0 ? null : toCents(line.price),
        quantity: line.quantity,
        count: line.count,
      }),
    0,
  );
}

/** Whole dollars as "$1,000", other amounts with their cents. */
const money = (dollars: number) =>
  Number.isInteger(dollars) ? `$${dollars.toLocaleString('en-US')}` : formatCents(toCents(dollars));

/** The caps in a sentence for the cart: "Up to 10 of each item and $1,000 per order." */
export const orderCapsNote = (limits: Pick<OrderLimits, 'maxLineCount' | 'maxOrderSubtotal'>) =>
  `Up to ${limits.maxLineCount} of each item and ${money(limits.maxOrderSubtotal)} per order (before discounts).`;

/**
 * An order with a line whose price is not known yet (Bulk, or a product priced on request)
 * costs nothing to place: its price, and so its place in the delivery window, is settled when
 * staff accept it.
 */
export function takesSlotPlaceAtPlacement(
  lines: readonly { quantity: QuantityLabel; unitPriceCents: number | null; count: number }[],
): boolean {
  return !lines.some((line) => isUnpricedLine(line));
}

export interface AwaitingOrder {
  orderType: OrderType;
  /** ISO instant the order was placed */
  createdAt: string;
  deliveryDate: string | null;
  deliveryTimeWindow: string | null;
}

/**
 * When a placed order that staff have not accepted is cancelled by the shop. Same-day and
 * pickup orders wait `acceptWithinMinutes`. A scheduled order waits until
 * `scheduledAcceptLeadMinutes` before its window starts, and never less than a same-day
 * order would (an order booked shortly before its window), but never past the window's start.
 */
export function acceptDeadline(
  order: AwaitingOrder,
  limits: Pick<OrderLimits, 'acceptWithinMinutes' | 'scheduledAcceptLeadMinutes'>,
  timeZone: string,
): Date {
  const grace = Date.parse(order.createdAt) + limits.acceptWithinMinutes * 60_000;
  const { deliveryDate, deliveryTimeWindow } = order;
  if (order.orderType !== 'scheduled' || !deliveryDate || !deliveryTimeWindow)
    return new Date(grace);
  const startMinutes = windowStartMinutes(deliveryTimeWindow);
  if (!Number.isFinite(startMinutes)) return new Date(grace);
  const start = shopDayStart(deliveryDate, timeZone).getTime() + startMinutes * 60_000;
  const lead = start - limits.scheduledAcceptLeadMinutes * 60_000;
  return new Date(Math.max(lead, Math.min(grace, start)));
}

/** What the shopper's status page says of an order the shop let expire. */
export const EXPIRED_ORDER_MESSAGE =
  'The shop did not confirm this order in time, so it was cancelled and nothing was charged. Any items it held are back on the shelf; you are welcome to order again.';

/** The void reason an expired order keeps (where sales are records a cancel says why). */
export const EXPIRED_VOID_REASON = 'Not accepted in time: cancelled by the shop automatically';

export const SCHEDULED_PER_PHONE_MESSAGE = (max: number) =>
  `This phone number already has ${max} scheduled ${max === 1 ? 'order' : 'orders'} open. Please wait until one is delivered, or call us, before scheduling another.`;

export const PENDING_PER_DAY_MESSAGE = (date: string) =>
  `The shop has too many orders waiting to be confirmed for ${date}. Please choose another day, or call us.`;
