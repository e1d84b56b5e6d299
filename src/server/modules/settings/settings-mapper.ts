import { ruleSetFor } from '../../../shared/compliance/rule-sets';
import { toDollars } from '../../../shared/money';
import type { DealerSettings } from '../../../shared/schemas/settings';
import { readJson } from '../../db/json';
import type { DealerSettingsRow } from '../../db/schema';

export function settingsFromRow(row: DealerSettingsRow): DealerSettings {
  return {
    id: row.id,
    availableDays: readJson<string[]>(row.available_days, []),
    deliveryHours: row.delivery_hours,
    deliveryNotes: row.delivery_notes,
    updatedAt: row.updated_at,
    jurisdiction: row.jurisdiction,
    salesTaxRate: row.sales_tax_rate,
    localTaxRate: row.local_tax_rate,
    pricesIncludeTaxes: row.prices_include_taxes === 1,
    // a rule set that sells cannabis by stated weight refuses a Bulk amount of it at checkout
    bulkOfLimitedProducts: ruleSetFor(row.jurisdiction).cannabisProducts === null,
    maxLineCount: row.max_line_count,
    maxOrderSubtotal: toDollars(row.max_order_subtotal_cents),
    acceptWithinMinutes: row.accept_within_minutes,
    scheduledAcceptLeadMinutes: row.scheduled_accept_lead_minutes,
    maxOpenScheduledPerPhone: row.max_open_scheduled_per_phone,
    maxPendingScheduledPerDay: row.max_pending_scheduled_per_day,
  };
}
