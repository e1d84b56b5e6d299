/**
 * The receipt of a delivered or picked-up order (DCC §15420): what it says, line
 * by line, from the order, the shop's profile and the staff who handled it. Pure: the server
 * renders it as a page, and tests read it without one.
 */
import { customerKeyOf } from './compliance/limits';
import type { OrderStatus } from './constants';
import { formatCents, formatPercent, toCents } from './money';
import { isClosed, isPickup, RETURN_REASON_LABELS } from './order-lifecycle';
import { paymentText } from './payment';
import { lineTotalCents } from './pricing';
import { quantityWords } from './quantity';
import type { Order, OrderItem } from './schemas/orders';
import { shopTimeLabel } from './shop-clock';

/**
 * A handed-over order has a receipt, and it never goes away: a voided order (or a
 * delivery brought back) keeps one marked VOID, a return after handover marks it RETURN.
 */
export const hasReceipt = (status: OrderStatus) => status === 'completed' || isClosed(status);

/** What stands across a receipt: VOID (nothing was sold), RETURN (goods came back), or nothing. */
export type ReceiptMark = 'VOID' | 'RETURN' | null;

export function receiptMark(order: Pick<Order, 'status' | 'returns'>): ReceiptMark {
  if (isClosed(order.status)) return 'VOID';
  return order.returns.length > 0 ? 'RETURN' : null;
}

/**
 * Who a customer number belongs to: the phone's digits, as for the daily limits; a phone too
 * short to normalise counts as its own text.
 */
export function customerNumberKey(order: { customerKey: string | null; phone: string }): string {
  return order.customerKey ?? customerKeyOf(order.phone) ?? `phone:${order.phone.trim()}`;
}

export interface StaffOnReceipt {
  firstName: string;
  employeeNumber: string | null;
}

export interface ReceiptInput {
  order: Order;
  /** the goods before the discount, as the order stored it */
  subtotalCents: number;
  shop: { shopName: string; licenseNumber: string; legalName?: string };
  customerNumber: number | null;
  driver: StaffOnReceipt | null;
  preparer: StaffOnReceipt | null;
  /** a data:image/png;base64 URL, or null */
  signature: string | null;
  timeZone: string;
}

export interface ReceiptLine {
  label: string;
  value: string;
}

export interface ReceiptItem {
  name: string;
  /** the size or pack, flavor and strain: "1/4 Oz (7 g) · Mango" */
  detail: string;
  count: number;
  price: string;
}

export interface Receipt {
  shopName: string;
  /** the licensee's legal business name, when the shop recorded it */
  legalName: string | null;
  mark: ReceiptMark;
  licence: string;
  title: string;
  /** customer, number, times and address */
  details: ReceiptLine[];
  items: ReceiptItem[];
  /** subtotal, discount, fee and each tax line; then the total */
  amounts: ReceiptLine[];
  total: ReceiptLine;
  /** driver, preparer and the ID check */
  handling: ReceiptLine[];
  /** why it was voided, and each return after handover */
  adjustments: ReceiptLine[];
  signature: string | null;
}

const NOT_RECORDED = 'Not recorded';
const SIGNATURE = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

export function buildReceipt(input: ReceiptInput): Receipt {
  const { order } = input;
  return {
    shopName: input.shop.shopName || 'Canopy',
    legalName: input.shop.legalName?.trim() || null,
    mark: receiptMark(order),
    licence: input.shop.licenseNumber || NOT_RECORDED,
    title: `Order #${order.id}`,
    details: details(input),
    items: order.items.map(receiptItem),
    amounts: amounts(order, input.subtotalCents),
    total: { label: 'Total', value: formatCents(toCents(order.total)) },
    handling: handling(input),
    adjustments: adjustments(order, input.timeZone),
    signature: input.signature && SIGNATURE.test(input.signature) ? input.signature : null,
  };
}

function details({ order, customerNumber, timeZone }: ReceiptInput): ReceiptLine[] {
  const pickup = isPickup(order.orderType);
  const lines: ReceiptLine[] = [
    { label: 'Customer', value: firstName(order.customer) },
    {
      label: 'Customer no.',
      value: customerNumber === null ? NOT_RECORDED : String(customerNumber),
    },
    { label: 'Requested', value: shopTimeLabel(order.date, timeZone) },
    {
      label: pickup ? 'Picked up' : 'Delivered',
      value: order.completedAt ? shopTimeLabel(order.completedAt, timeZone) : NOT_RECORDED,
    },
  ];
  if (!pickup) lines.push({ label: 'Address', value: order.address });
  return lines;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

function receiptItem(item: OrderItem): ReceiptItem {
  const unpriced = item.price < 0;
  const cents = unpriced
    ? 0
    : lineTotalCents({
        unitPriceCents: toCents(item.price),
        quantity: item.quantity,
        count: item.count,
      });
  return {
    name: item.name,
    detail: [quantityWords(item.quantity), item.flavor, item.strainType]
      .filter(Boolean)
      .join(' · '),
    count: item.count,
    price: unpriced ? 'TBD' : cents === 0 ? 'FREE' : formatCents(cents),
  };
}

function amounts(order: Order, subtotalCents: number): ReceiptLine[] {
  const discount = toCents(order.discountAmount);
  const lines: ReceiptLine[] = [
    { label: 'Subtotal', value: formatCents(subtotalCents) },
    {
      label: order.promoCode ? `Discount (${order.promoCode.toUpperCase()})` : 'Discount',
      value: formatCents(-discount),
    },
  ];
  if (!isPickup(order.orderType))
    lines.push({ label: 'Delivery fee', value: formatCents(toCents(order.deliveryFee)) });
  for (const tax of order.taxes)
    lines.push({
      label: `${tax.name} (${formatPercent(tax.rate)})`,
      value: formatCents(toCents(tax.amount)),
    });
  return lines;
}

const staffText = (staff: StaffOnReceipt | null) =>
  staff
    ? `${staff.firstName} (employee no. ${staff.employeeNumber || NOT_RECORDED.toLowerCase()})`
    : NOT_RECORDED;

function handling({ order, driver, preparer, timeZone }: ReceiptInput): ReceiptLine[] {
  const lines: ReceiptLine[] = [];
  if (!isPickup(order.orderType)) lines.push({ label: 'Driver', value: staffText(driver) });
  lines.push({ label: 'Prepared by', value: staffText(preparer) });
  lines.push({ label: 'ID check', value: idCheckText(order.idCheck, timeZone) });
  lines.push({
    label: 'Payment',
    value: order.payment ? paymentText(order.total, order.payment) : NOT_RECORDED,
  });
  return lines;
}

function idCheckText(check: Order['idCheck'], timeZone: string): string {
  if (!check) return NOT_RECORDED;
  const how = check.method === 'scan' ? 'scanned' : 'entered by hand';
  const confirmed = check.nameConfirmed ? '; name confirmed in person' : '';
  const override = check.override
    ? `; after an owner's override by ${check.override.byName}: ${check.override.reason}`
    : '';
  return `${check.passed ? 'Passed' : 'Failed'} (${how}${confirmed}${override}) at ${shopTimeLabel(check.at, timeZone)}`;
}

function adjustments(order: Order, timeZone: string): ReceiptLine[] {
  const lines: ReceiptLine[] = [];
  if (order.status === 'cancelled')
    lines.push({ label: 'Voided', value: order.voidReason || 'No reason recorded' });
  if (order.status === 'returned')
    lines.push({
      label: 'Voided',
      value: `Brought back undelivered${order.returnReason ? ` (${RETURN_REASON_LABELS[order.returnReason].toLowerCase()})` : ''}`,
    });
  for (const item of order.returns)
    lines.push({
      label: `Returned ${shopTimeLabel(item.at, timeZone)}`,
      value: `${item.items.map((line) => `${line.count} × ${line.name} (${line.quantity})`).join(', ')}: ${item.reason} (${formatCents(toCents(item.value))})`,
    });
  if (order.handoverNote) lines.push({ label: 'At handover', value: order.handoverNote });
  return lines;
}
