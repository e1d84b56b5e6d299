/** Places in delivery slots and weekly windows. */

import { type Kysely, sql, type Transaction } from 'kysely';
import type { Dialect } from '../../../db/connect';
import { countRows } from '../../../db/count-rows';
import { locksRows } from '../../../db/dialect';
import type { Database } from '../../../db/schema';

type Q = Kysely<Database> | Transaction<Database>;

export async function claimSlotPlace(db: Q, slotId: number) {
  const result = await db
    .updateTable('schedule_slots')
    .set((eb) => ({ current_orders: eb('current_orders', '+', 1) }))
    .where('id', '=', slotId)
    .where((eb) => eb('current_orders', '<', eb.ref('max_orders')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The dealer's placement: counted even past the slot's capacity (the dealer decides). */
export function addSlotPlace(db: Q, slotId: number) {
  return db
    .updateTable('schedule_slots')
    .set((eb) => ({ current_orders: eb('current_orders', '+', 1) }))
    .where('id', '=', slotId)
    .execute();
}

export function releaseSlotPlace(db: Q, slotId: number) {
  return db
    .updateTable('schedule_slots')
    .set((eb) => ({ current_orders: eb('current_orders', '-', 1) }))
    .where('id', '=', slotId)
    .where('current_orders', '>', 0)
    .execute();
}

/** Orders holding a place in a weekly window (one without a slot row). */
export function countOrdersInWindow(db: Q, date: string, window: string) {
  return countRows(
    db
      .selectFrom('orders')
      .where('delivery_date', '=', date)
      .where('delivery_time_window', '=', window)
      .where('holds_slot_place', '=', 1),
  );
}

/**
 * PostgreSQL: orders for one date and weekly window (no slot row to count against) are placed
 * one at a time. Nothing on SQLite, where transactions are serial already (see `locksRows`).
 */
export async function lockDeliveryWindow(
  trx: Transaction<Database>,
  dialect: Dialect,
  date: string,
  window: string,
): Promise<void> {
  if (!locksRows(dialect)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`${date} ${window}`}))`.execute(trx);
}
