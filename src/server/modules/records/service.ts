import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
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
];

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
    const order = orderFromRows(row, itemsOf.get(row.id) ?? []);
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
  });
  return stringify([COLUMNS, ...rows]);
}
