import type { Kysely } from 'kysely';
import type { DealerSettings, ScheduleSlot } from '../../../shared/types';
import type { Database } from '../../db/schema';
import { settingsFromRow, slotFromRow } from './mappers';
import * as repo from './repo';

export async function listScheduleSlots(db: Kysely<Database>): Promise<ScheduleSlot[]> {
  return (await repo.listSlotRows(db)).map(slotFromRow);
}

/** The shop's weekly availability; a shop that never saved settings delivers on no day. */
export async function getDealerSettings(db: Kysely<Database>): Promise<DealerSettings> {
  const row = await repo.findSettingsRow(db);
  return row
    ? settingsFromRow(row)
    : {
        id: 0,
        availableDays: [],
        deliveryHours: '[]',
        deliveryNotes: null,
        updatedAt: new Date(0).toISOString(),
      };
}
