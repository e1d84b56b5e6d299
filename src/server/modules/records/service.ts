import type { Kysely } from 'kysely';
import { RULE_SETS } from '../../../shared/compliance/rule-sets';
import { lineChoice } from '../../../shared/flavors';
import { isClosed, isHandedOver, RETURN_REASON_LABELS } from '../../../shared/order-lifecycle';
import { PAYMENT_METHOD_LABELS } from '../../../shared/payment';
import type { Order, OrderReturn } from '../../../shared/schemas/orders';
import type { Database } from '../../db/schema';
import { spreadsheetCsv } from '../../http/spreadsheet-csv';
import { orderFromRows } from '../orders/order-mapper';
import { handlingStaff } from '../staff/handling-staff';
import * as repo from './repo';

/** One column per tax any rule set levies, by its name. */
const TAX_COLUMNS = [
  ...new Set(
    Object.values(RULE_SETS).flatMap((ruleSet) =>
      [ruleSet.localTax, ruleSet.exciseTax, ruleSet.salesTax].flatMap((tax) =>
        tax ? [tax.name] : [],
      ),
    ),
  ),
];

const COLUMNS = [
  'Order',
  'Record',
  'Placed at (UTC)',
  'Shop date',
  'Sale date',
  'Status',
  'Type',
  'Customer',
  'Phone',
  'Postal code',
  'Items',
  'Subtotal',
  'Discount',
  'Delivery fee',
  ...TAX_COLUMNS,
  'Sales tax rate (%)',
  'Total',
  'Delivery date',
  'Delivery window',
  'Cannabis (g)',
  'Concentrate (g)',
  'Customer no.',
  'Driver',
  'Driver employee no.',
  'Prepared by',
  'Handed over at (UTC)',
  'ID check',
  'ID check method',
  'ID checked at (UTC)',
  'Name confirmed by hand',
  'Void reason',
  'Return reason',
  'Returned at (UTC)',
  'Signature',
  'Paid by',
  'Collected',
] as const;
type Column = (typeof COLUMNS)[number];
type Cells = Partial<Record<Column, string | number>>;

type ExportedRow = Awaited<ReturnType<typeof repo.listOrderRowsBetween>>[number];

const money = (dollars: number) => dollars.toFixed(2);

/**
 * The shop's order records for a range of shop days (37 §5), for the owner's own
 * books and for an inspector: a row per order ("sale", or "void" for one voided before
 * handover), then a "return" row per return after handover. Each tax has its own numeric
 * column; grams are what counted toward the daily limits. Cells that a spreadsheet would run
 * as a formula are escaped.
 */
export async function exportOrderRecords(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<string> {
  const [orders, items, returns] = await Promise.all([
    repo.listOrderRowsBetween(db, from, to),
    repo.listOrderItemRowsBetween(db, from, to),
    repo.listOrderReturnRowsBetween(db, from, to),
  ]);
  const itemsOf = groupByOrder(items);
  const returnsOf = groupByOrder(returns);
  const rows = orders.flatMap((row) => {
    const order = orderFromRows(
      { ...row, signature: null },
      itemsOf.get(row.id) ?? [],
      returnsOf.get(row.id) ?? [],
    );
    return [
      { ...orderCells(row, order), ...handoverCells(row, order) },
      ...order.returns.map((entry) => returnCells(order, entry)),
    ];
  });
  return spreadsheetCsv([COLUMNS, ...rows.map((cells) => COLUMNS.map((c) => cells[c] ?? ''))]);
}

function groupByOrder<Row extends { order_id: number }>(rows: Row[]): Map<number, Row[]> {
  const byOrder = new Map<number, Row[]>();
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  return byOrder;
}

function orderCells(row: ExportedRow, order: Order): Cells {
  const taxes = Object.fromEntries(order.taxes.map((tax) => [tax.name, money(tax.amount)]));
  const salesRate = order.taxes.find((tax) => tax.name === RULE_SETS['US-CA'].salesTax?.name);
  return {
    Order: order.id,
    Record: isClosed(order.status) ? 'void' : 'sale',
    'Placed at (UTC)': order.date,
    'Shop date': row.shop_date ?? '',
    'Sale date': order.saleDate ?? '',
    Status: order.status,
    Type: order.orderType,
    Customer: order.customer,
    Phone: order.phone,
    'Postal code': row.postal_code ?? '',
    Items: order.items
      .map(
        (item) =>
          `${lineName(item)} (${item.quantity}) x ${item.count}${item.price >= 0 ? ` @ ${money(item.price)}` : ''}`,
      )
      .join('; '),
    Subtotal: money(row.subtotal_cents / 100),
    Discount: money(order.discountAmount),
    'Delivery fee': money(order.deliveryFee),
    ...taxes,
    'Sales tax rate (%)': salesRate ? salesRate.rate : '',
    Total: money(order.total),
    'Delivery date': order.deliveryDate ?? '',
    'Delivery window': order.deliveryTimeWindow ?? '',
    'Cannabis (g)': row.cannabis_grams,
    'Concentrate (g)': row.concentrate_grams,
    'Void reason':
      order.voidReason ??
      (order.status === 'returned' && order.returnReason ? 'Brought back undelivered' : ''),
  };
}

/** Who handled the order, the ID check and the signature (receipt facts). */
function handoverCells(row: ExportedRow, order: Order): Cells {
  const check = order.idCheck;
  const { driver, preparer } = handlingStaff(row);
  return {
    'Customer no.': row.customer_number ?? '',
    Driver: driver?.firstName ?? '',
    'Driver employee no.': driver?.employeeNumber ?? '',
    'Prepared by': preparer?.employeeNumber
      ? `${preparer.firstName} (${preparer.employeeNumber})`
      : (preparer?.firstName ?? ''),
    'Handed over at (UTC)': isHandedOver(order.status) ? (order.completedAt ?? '') : '',
    'ID check': check ? (check.passed ? 'Passed' : 'Failed') : '',
    'ID check method': check?.method ?? '',
    'ID checked at (UTC)': check?.at ?? '',
    'Name confirmed by hand': check?.nameConfirmed ? 'yes' : '',
    'Return reason': order.returnReason ? RETURN_REASON_LABELS[order.returnReason] : '',
    Signature: row.signed ? 'yes' : '',
    'Paid by': order.payment ? PAYMENT_METHOD_LABELS[order.payment.method] : '',
    Collected: order.payment ? money(order.payment.collected) : '',
  };
}

/** The product with the flavor or strain type the shopper chose: "Live Resin Cart · Blue Razz". */
const lineName = (item: Pick<Order['items'][number], 'name' | 'flavor' | 'strainType'>) =>
  [item.name, lineChoice(item)].filter(Boolean).join(' · ');

/**
 * A return after handover: what came back (each line named as sold, with its flavor or strain
 * type), its value at the prices paid, and why.
 */
function returnCells(order: Order, entry: OrderReturn): Cells {
  const soldAs = (lineId: number) => order.items.find((item) => item.lineId === lineId);
  return {
    Order: order.id,
    Record: 'return',
    'Placed at (UTC)': order.date,
    'Sale date': order.saleDate ?? '',
    Status: order.status,
    Type: order.orderType,
    Customer: order.customer,
    Items: entry.items
      .map((item) => `${lineName(soldAs(item.lineId) ?? item)} (${item.quantity}) x ${item.count}`)
      .join('; '),
    Subtotal: money(-entry.value),
    'Returned at (UTC)': entry.at,
    'Return reason': entry.reason,
  };
}
