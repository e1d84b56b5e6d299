import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function listSlotRows(db: Kysely<Database>) {
  return db.selectFrom('schedule_slots').selectAll().orderBy('date').orderBy('id').execute();
}

export function findSettingsRow(db: Kysely<Database>) {
  return db.selectFrom('dealer_settings').selectAll().orderBy('id').executeTakeFirst();
}
