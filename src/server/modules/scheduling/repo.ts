import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/connect';
import { forUpdate, locksRows } from '../../db/dialect';
import type { Database, ScheduleSlotsTable } from '../../db/schema';

export function findSlotRows(db: Kysely<Database>, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('schedule_slots').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

/**
 * The slot as it is before a change, for the audit entry. On PostgreSQL it stays locked until the
 * commit, so a concurrent change waits and the entry's "from" cannot be stale; SQLite's single
 * writer already keeps others out.
 */
export function findSlotRowForChange(db: Kysely<Database>, id: number, dialect: Dialect) {
  const query = db.selectFrom('schedule_slots').selectAll().where('id', '=', id);
  return forUpdate(query, dialect).executeTakeFirst();
}

export function listSlotRows(db: Kysely<Database>) {
  return db.selectFrom('schedule_slots').selectAll().orderBy('date').orderBy('id').execute();
}

export function findSameSlot(
  db: Kysely<Database>,
  slot: Pick<ScheduleSlotsTable, 'date' | 'start_time' | 'end_time'>,
) {
  return db
    .selectFrom('schedule_slots')
    .select('id')
    .where('date', '=', slot.date)
    .where('start_time', '=', slot.start_time)
    .where('end_time', '=', slot.end_time)
    .executeTakeFirst();
}

export function insertSlotRow(db: Kysely<Database>, values: Omit<ScheduleSlotsTable, 'id'>) {
  return db.insertInto('schedule_slots').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function deleteSlotRow(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom('schedule_slots').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Orders booked into a weekly window of a date before it had a slot of its own: a new explicit slot for that window takes them in, so it counts them against its places.
 */
export async function linkWeeklyOrdersToSlot(
  db: Kysely<Database>,
  slot: { id: number; date: string; window: string },
): Promise<number> {
  const result = await db
    .updateTable('orders')
    .set({ schedule_slot_id: slot.id })
    .where('delivery_date', '=', slot.date)
    .where('delivery_time_window', '=', slot.window)
    .where('schedule_slot_id', 'is', null)
    .where('status', 'not in', ['cancelled', 'returned'])
    .executeTakeFirst();
  // only the orders holding a place count (a Bulk order takes its place when accepted)
  const counted =
    Number(result.numUpdatedRows) > 0
      ? await db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('schedule_slot_id', '=', slot.id)
          .where('holds_slot_place', '=', 1)
          .executeTakeFirstOrThrow()
      : { count: 0 };
  const linked = Number(counted.count);
  if (linked > 0)
    await db
      .updateTable('schedule_slots')
      .set({ current_orders: linked })
      .where('id', '=', slot.id)
      .execute();
  return linked;
}

/** Orders counted against a slot keep their date and window; only the link to the slot goes. */
export function unlinkOrdersFromSlot(db: Kysely<Database>, slotId: number) {
  return db
    .updateTable('orders')
    .set({ schedule_slot_id: null })
    .where('schedule_slot_id', '=', slotId)
    .execute();
}

/**
 * Slot writers take turns, so the same date and times cannot be added twice at once: on
 * PostgreSQL through an advisory lock; on SQLite the single writer already runs them in turn.
 */
export async function lockScheduleSlots(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (!locksRows(dialect)) return;
  await sql`select pg_advisory_xact_lock(hashtext('canopy.schedule_slots'))`.execute(db);
}
