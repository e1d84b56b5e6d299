import type { Dialect } from '../connect';
import { type AnyDb, addIndex } from '../migration-helpers';

/**
 * The dealer's order limits (a line's count,
 * an order's subtotal, how long a placed order waits for the shop, open scheduled orders per
 * phone, pending scheduled orders per day); an order that holds a place in its delivery window
 * (a Bulk or unpriced order takes its place only when staff accept it); and when the shop
 * cancelled an order nobody accepted in time.
 */
export async function up(db: AnyDb, _dialect: Dialect): Promise<void> {
  const limits: [string, number][] = [
    ['max_line_count', 10],
    ['max_order_subtotal_cents', 100_000],
    ['accept_within_minutes', 120],
    ['scheduled_accept_lead_minutes', 60],
    ['max_open_scheduled_per_phone', 3],
    ['max_pending_scheduled_per_day', 40],
  ];
  for (const [column, value] of limits)
    await db.schema
      .alterTable('dealer_settings')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(value))
      .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('holds_slot_place', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('orders').addColumn('expired_at', 'text').execute();
  // a closed order holds no place (its slot place was given back when it closed)
  await db
    .updateTable('orders')
    .set({ holds_slot_place: 0 })
    .where('status', 'in', ['cancelled', 'returned'])
    .execute();
  await addIndex(db, 'orders', 'orders_pending_idx', ['status', 'order_type', 'delivery_date']);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('orders_pending_idx').execute();
  for (const column of ['expired_at', 'holds_slot_place'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
  for (const column of [
    'max_pending_scheduled_per_day',
    'max_open_scheduled_per_phone',
    'scheduled_accept_lead_minutes',
    'accept_within_minutes',
    'max_order_subtotal_cents',
    'max_line_count',
  ])
    await db.schema.alterTable('dealer_settings').dropColumn(column).execute();
}
