import type { Kysely } from 'kysely';
import type { ScheduleSlot } from '../../../shared/schemas/schedule';
import type { Database } from '../../db/schema';
import { busEvent, type DomainEvent } from '../../events/bus';
import { slotFromRow } from './mappers';
import * as repo from './repo';

/** These slots as they are now (a slot deleted meanwhile is left out). */
export async function findScheduleSlots(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<ScheduleSlot[]> {
  return (await repo.findSlotRows(db, [...new Set(ids)])).map(slotFromRow);
}

/** The slots whose booked count changed, for every calendar showing "x/y booked". */
export async function slotEvents(
  db: Kysely<Database>,
  ids: readonly (number | null)[],
): Promise<DomainEvent[]> {
  const changed = ids.filter((id): id is number => id !== null);
  return (await findScheduleSlots(db, changed)).map((slot) =>
    busEvent('schedule-slot-updated', slot),
  );
}

export async function listScheduleSlots(db: Kysely<Database>): Promise<ScheduleSlot[]> {
  return (await repo.listSlotRows(db)).map(slotFromRow);
}
