import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import { RETURN_REASON_LABELS } from '../../../shared/order-lifecycle';
import type { Order } from '../../../shared/types';
import type { Database, OrderItemRow } from '../../db/schema';
import { orderFromRows } from '../orders/order-mapper';
import * as repo from './repo';

const COLUMNS = [
  'Order',
  'Placed at (UTC)',
  'Shop date',
  'Status',
  'Type',
  'Customer',
  'Phone',
  'Postal code',
  'Items',
  'Delivery fee',
  'Discount',
  'Taxes',
  'Total',
  'Delivery date',
  'Delivery window',
  'Cannabis (g)',
  'Concentrate (g)',
  'Customer no.',
  'Driver',
  'Driver employee no.',
  'Prepared by',
  'Completed at (UTC)',
  'ID check',
  'ID check method',
  'ID checked at (UTC)',
  'Name confirmed by hand',
  'Return reason',
  'Signature',
];

type ExportedRow = Awaited<ReturnType<typeof repo.listOrderRowsBetween>>[number];

const money = (dollars: number) => dollars.toFixed(2);

/**
 * The shop's order records for a range of shop days (issue 17 §4), one row per order, for
 * the owner's own books and for an inspector. Grams are what counted against the daily limits.
 */
export async function exportOrderRecords(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<string> {
  const [orders, items] = await Promise.all([
    repo.listOrderRowsBetween(db, from, to),
    repo.listOrderItemRowsBetween(db, from, to),
  ]);
  const itemsOf = new Map<number, OrderItemRow[]>();
  for (const item of items)
    itemsOf.set(item.order_id, [...(itemsOf.get(item.order_id) ?? []), item]);
  const rows = orders.map((row) => {
    const order = orderFromRows({ ...row, signature: null }, itemsOf.get(row.id) ?? []);
    return [...orderCells(row, order), ...handoverCells(row, order)];
  });
  return stringify([COLUMNS, ...rows]);
}

function orderCells(row: ExportedRow, order: Order) {
  return [
    order.id,
    order.date,
    row.shop_date,
    order.status,
    order.orderType,
    order.customer,
    order.phone,
    row.postal_code ?? '',
    order.items
      .map(
        (item) =>
          `${item.name} (${item.quantity}) x ${item.count}${item.price >= 0 ? ` @ ${money(item.price)}` : ''}`,
      )
      .join('; '),
    money(order.deliveryFee),
    money(order.discountAmount),
    order.taxes.map((tax) => `${tax.name} ${tax.rate}%: ${money(tax.amount)}`).join('; '),
    money(order.total),
    order.deliveryDate ?? '',
    order.deliveryTimeWindow ?? '',
    row.cannabis_grams,
    row.concentrate_grams,
  ];
}

/** Staff by first name (an account from before staff roles may have only its username). */
const nameOf = (username: string | null, firstName: string | null) => firstName || username || '';

/** Issue 17 §4: who handled the order, the ID check and the signature (receipt facts). */
function handoverCells(row: ExportedRow, order: Order) {
  const check = order.idCheck;
  const preparer = nameOf(row.preparer_username, row.preparer_first_name);
  return [
    row.customer_number ?? '',
    nameOf(row.driver_username, row.driver_first_name),
    row.driver_employee_number ?? '',
    preparer && row.preparer_employee_number
      ? `${preparer} (${row.preparer_employee_number})`
      : preparer,
    order.completedAt ?? '',
    check ? (check.passed ? 'Passed' : 'Failed') : '',
    check?.method ?? '',
    check?.at ?? '',
    check?.nameConfirmed ? 'yes' : '',
    order.returnReason ? RETURN_REASON_LABELS[order.returnReason] : '',
    row.signed ? 'yes' : '',
  ];
}
