import type { Kysely } from 'kysely';
import type { RuleSet } from '../../../shared/compliance/rule-set';
import { ruleSetFor } from '../../../shared/compliance/rule-sets';
import { ORDER_LIMIT_DEFAULTS } from '../../../shared/order-limits';
import type { ScheduleSlot } from '../../../shared/schemas/schedule';
import type { DealerSettings } from '../../../shared/schemas/settings';
import type { Database, DealerSettingsRow } from '../../db/schema';
import { busEvent, type DomainEvent } from '../../events/bus';
import { settingsFromRow, slotFromRow } from './mappers';
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

/** The shop's weekly availability; a shop that never saved settings delivers on no day. */
/** The rule set the shop runs under now (the dealer's settings). */
export async function currentRuleSet(db: Kysely<Database>): Promise<RuleSet> {
  return ruleSetFor((await getDealerSettings(db)).jurisdiction);
}

export async function getDealerSettings(db: Kysely<Database>): Promise<DealerSettings> {
  return settingsOrDefault(await repo.findSettingsRow(db));
}

/** The dealer's settings from their row; a shop that never saved any has these. */
export function settingsOrDefault(row: DealerSettingsRow | undefined): DealerSettings {
  return row
    ? settingsFromRow(row)
    : {
        id: 0,
        availableDays: [],
        deliveryHours: '[]',
        deliveryNotes: null,
        updatedAt: new Date(0).toISOString(),
        jurisdiction: 'none',
        salesTaxRate: null,
        localTaxRate: null,
        pricesIncludeTaxes: false,
        bulkOfLimitedProducts: true,
        ...ORDER_LIMIT_DEFAULTS,
      };
}
