import type { Kysely } from 'kysely';
import type { RuleSet } from '../../../shared/compliance/rule-set';
import { ruleSetFor } from '../../../shared/compliance/rule-sets';
import { ORDER_LIMIT_DEFAULTS } from '../../../shared/order-limits';
import type { DealerSettings } from '../../../shared/schemas/settings';
import type { Database, DealerSettingsRow } from '../../db/schema';
import * as repo from './repo';
import { settingsFromRow } from './settings-mapper';

/** The rule set the shop runs under now (the dealer's settings). */
export async function currentRuleSet(db: Kysely<Database>): Promise<RuleSet> {
  return ruleSetFor((await getDealerSettings(db)).jurisdiction);
}

/** The shop's weekly availability, taxes, rule set and order limits; a shop that never saved settings delivers on no day. */
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
