import { isWindowWithinHours, parseDeliveryHours } from '../../../shared/availability';
import { outsideHoursMessage } from '../../../shared/compliance/hours';
import type { RuleSet } from '../../../shared/compliance/rule-set';
import { ruleSetFor } from '../../../shared/compliance/rule-sets';
import { toCents } from '../../../shared/money';
import type { DealerSettings, DealerSettingsPatch } from '../../../shared/schemas/settings';
import type { Db } from '../../db/connect';
import { nowIso } from '../../db/json';
import { busEvent, type Outcome } from '../../events/bus';
import { type Actor, recordChange, SHOP_ITSELF } from '../audit/service';
import { invalidField } from '../catalog/admin-errors';
import { noFreeCannabis } from '../promotions/admin-service';
import * as repo from './repo';
import { settingsFromRow } from './settings-mapper';

/**
 * Saves the weekly availability or the compliance settings, creating the settings
 * row the first time. The actor defaults to the shop itself for set-up code and tests.
 */
export async function saveDealerSettings(
  db: Db,
  input: DealerSettingsPatch,
  actor: Actor = SHOP_ITSELF,
): Promise<Outcome<DealerSettings>> {
  const saved = await db.kysely.transaction().execute(async (trx) => {
    await repo.lockDealerSettings(trx, db.dialect);
    const row = await repo.findSettingsRow(trx);
    const values = settingsValues(input);
    const next = { ...(row ? settingsFromRow(row) : {}), ...input } as DealerSettings;
    const ruleSet = ruleSetFor(next.jurisdiction);
    checkWeeklyHours(next, ruleSet, input.deliveryHours !== undefined);
    const saved = row
      ? await repo.updateSettingsRow(trx, row.id, values)
      : await repo.insertSettingsRow(trx, {
          available_days: '[]',
          delivery_hours: '[]',
          delivery_notes: null,
          sales_tax_rate: null,
          local_tax_rate: null,
          ...values,
        });
    const change = {
      action: 'changed',
      entity: 'dealer_settings',
      entityId: saved.id,
      before: row,
    };
    await recordChange(trx, actor, change);
    const switched = next.jurisdiction !== (row?.jurisdiction ?? 'none');
    const freebies = switched ? await noFreeCannabis(trx, ruleSet, actor) : [];
    return { settings: settingsFromRow(saved), freebies };
  });
  return {
    value: saved.settings,
    events: [busEvent('dealer-settings-updated', saved.settings), ...saved.freebies],
  };
}

/**
 * Under a rule set with legal hours, every weekly window lies within them. The
 * error sits on the windows when they were sent, else on the rule set that made them illegal.
 */
function checkWeeklyHours(settings: DealerSettings, ruleSet: RuleSet, hoursSent: boolean) {
  if (!ruleSet.hours) return;
  const outside = parseDeliveryHours(settings.deliveryHours).filter(
    (window) => !isWindowWithinHours(window, ruleSet.hours),
  );
  if (outside.length === 0) return;
  const what = outsideHoursMessage('Delivery windows', ruleSet.hours);
  throw hoursSent
    ? invalidField('deliveryHours', `${outside.join(', ')}: ${what}`)
    : invalidField(
        'jurisdiction',
        `your weekly delivery windows include ${outside.join(', ')}. ${what} Change them in the Schedule Manager first.`,
      );
}

/** The columns a save changes: what the body carries; a missing field keeps its saved value. */
function settingsValues(input: DealerSettingsPatch) {
  const given = <T, R>(value: T | undefined, column: string, map: (v: T) => R) =>
    value === undefined ? {} : { [column]: map(value) };
  return {
    ...given(input.availableDays, 'available_days', (days) => JSON.stringify(days)),
    ...given(input.deliveryHours, 'delivery_hours', (hours) => hours),
    ...given(input.deliveryNotes, 'delivery_notes', (notes) => notes),
    ...given(input.jurisdiction, 'jurisdiction', (id) => id),
    ...given(input.salesTaxRate, 'sales_tax_rate', (rate) => rate),
    ...given(input.localTaxRate, 'local_tax_rate', (rate) => rate),
    ...given(input.pricesIncludeTaxes, 'prices_include_taxes', (on) => (on ? 1 : 0)),
    ...given(input.maxLineCount, 'max_line_count', (count) => count),
    ...given(input.maxOrderSubtotal, 'max_order_subtotal_cents', (dollars) => toCents(dollars)),
    ...given(input.acceptWithinMinutes, 'accept_within_minutes', (minutes) => minutes),
    ...given(input.scheduledAcceptLeadMinutes, 'scheduled_accept_lead_minutes', (m) => m),
    ...given(input.maxOpenScheduledPerPhone, 'max_open_scheduled_per_phone', (count) => count),
    ...given(input.maxPendingScheduledPerDay, 'max_pending_scheduled_per_day', (count) => count),
    updated_at: nowIso(),
  };
}
