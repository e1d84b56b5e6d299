import { type Kysely, sql } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema';
import { rowsOfOrders } from '../orders/repo';
import { ordersWithHandlingStaff } from '../staff/repo';

type ExportedColumn = Exclude<keyof OrdersTable, 'signature'>;
/** Every order column but the signature image (tens of KB each): the export says only whether there is one. */
const EXPORTED: Record<ExportedColumn, true> = {
  id: true,
  shopper_id: true,
  customer: true,
  address: true,
  phone: true,
  email: true,
  status: true,
  subtotal_cents: true,
  discount_cents: true,
  delivery_fee_cents: true,
  total_cents: true,
  promo_code: true,
  bogo50_details: true,
  order_type: true,
  delivery_date: true,
  delivery_time_window: true,
  delivery_notes: true,
  schedule_slot_id: true,
  created_at: true,
  taxes: true,
  shop_date: true,
  customer_key: true,
  postal_code: true,
  cannabis_grams: true,
  concentrate_grams: true,
  status_token: true,
  driver_id: true,
  completed_at: true,
  return_reason: true,
  id_check: true,
  id_hash: true,
  prepared_by: true,
  customer_number: true,
  sale_date: true,
  void_reason: true,
  id_check_override: true,
  handover_note: true,
  tax_context: true,
  delivery_attempts: true,
  attempt_note: true,
  payment_method: true,
  payment_collected_cents: true,
  holds_slot_place: true,
  expired_at: true,
  departed_at: true,
};
const exportedColumns = (Object.keys(EXPORTED) as ExportedColumn[]).map(
  (column) => `orders.${column}` as const,
);

/** Orders of the shop days from `from` through `to`, oldest first, with their driver and preparer. */
export function listOrderRowsBetween(db: Kysely<Database>, from: string, to: string) {
  return ordersWithHandlingStaff(db)
    .select(exportedColumns)
    .select([sql<number>`case when orders.signature is null then 0 else 1 end`.as('signed')])
    .where('orders.shop_date', '>=', from)
    .where('orders.shop_date', '<=', to)
    .orderBy('orders.id')
    .execute();
}

/** The ids of the orders of shop days `from` to `to`, as a subquery (a year of orders is many ids). */
function ordersOfShopDays(db: Kysely<Database>, from: string, to: string) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('shop_date', '>=', from)
    .where('shop_date', '<=', to);
}

/** Their items. */
export function listOrderItemRowsBetween(db: Kysely<Database>, from: string, to: string) {
  return rowsOfOrders(db, 'order_items', ordersOfShopDays(db, from, to));
}

/** The returns of those orders, oldest first. */
export function listOrderReturnRowsBetween(db: Kysely<Database>, from: string, to: string) {
  return rowsOfOrders(db, 'order_returns', ordersOfShopDays(db, from, to));
}
