import type { z } from 'zod';
import { isOverrideMarker, isWindowWithinHours, windowLabel } from '../../../shared/availability';
import { outsideHoursMessage } from '../../../shared/compliance/hours';
import type { RuleSet } from '../../../shared/compliance/rule-set';
import type { ScheduleSlot, scheduleSlotSchema } from '../../../shared/schemas/schedule';
import type { Db } from '../../db/connect';
import { busEvent, type Outcome } from '../../events/bus';
import { HttpError, notFound } from '../../http/errors';
import { type Actor, recordChange } from '../audit/service';
import { invalidField } from '../catalog/admin-errors';
import { currentRuleSet } from '../settings/service';
import { slotFromRow } from './mappers';
import * as repo from './repo';

export const DUPLICATE_SLOT = 'A slot for this date and time already exists';

/** A new slot starts with no orders (currentOrders is not settable); the same date and times twice is refused. */
export async function createScheduleSlot(
  db: Db,
  slot: z.output<typeof scheduleSlotSchema>,
  actor: Actor,
): Promise<Outcome<ScheduleSlot>> {
  const created = await db.kysely.transaction().execute(async (trx) => {
    await repo.lockScheduleSlots(trx, db.dialect);
    checkSlotHours(slot, await currentRuleSet(trx));
    const values = { date: slot.date, start_time: slot.startTime, end_time: slot.endTime };
    if (await repo.findSameSlot(trx, values))
      throw new HttpError(409, { error: DUPLICATE_SLOT, code: 'SLOT_EXISTS' });
    const inserted = await repo.insertSlotRow(trx, {
      ...values,
      max_orders: slot.maxOrders,
      current_orders: 0,
      notes: slot.notes,
    });
    const window = windowLabel(slot);
    const linked = isOverrideMarker(slot)
      ? 0
      : await repo.linkWeeklyOrdersToSlot(trx, { id: inserted.id, date: slot.date, window });
    const row = linked > 0 ? { ...inserted, current_orders: linked } : inserted;
    await recordChange(trx, actor, {
      action: 'created',
      entity: 'schedule_slots',
      entityId: row.id,
    });
    return slotFromRow(row);
  });
  return { value: created, events: [busEvent('schedule-slot-created', created)] };
}

/** An explicit slot lies within the rule set's legal hours (the override marker aside). */
function checkSlotHours(slot: z.output<typeof scheduleSlotSchema>, ruleSet: RuleSet) {
  if (!ruleSet.hours || isOverrideMarker(slot)) return;
  const window = windowLabel(slot);
  if (isWindowWithinHours(window, ruleSet.hours)) return;
  throw invalidField(
    'startTime',
    `${window}: ${outsideHoursMessage('a delivery slot', ruleSet.hours)}`,
  );
}

export async function deleteScheduleSlot(db: Db, id: number, actor: Actor): Promise<Outcome<void>> {
  await db.kysely.transaction().execute(async (trx) => {
    const before = await repo.findSlotRowForChange(trx, id, db.dialect);
    if (!before) throw notFound('Slot');
    await repo.unlinkOrdersFromSlot(trx, id);
    await repo.deleteSlotRow(trx, id);
    const change = { action: 'deleted', entity: 'schedule_slots', entityId: id, before };
    await recordChange(trx, actor, change);
  });
  return { value: undefined, events: [busEvent('schedule-slot-deleted', { id })] };
}
