/**
 * What the shop's compliance settings and delivery zones make of one checkout: the
 * zone a delivery goes to and the tax context, worked out alike by the browser and the server.
 */
import type { OrderType } from '../constants';
import type { TaxContext } from '../pricing';
import type { DeliveryZone } from '../schemas/zones';
import { ruleSetFor } from './rule-sets';
import { DEFAULT_DELIVERY_TERMS, lookUpZone, type ZoneLookup } from './zones';

export interface ComplianceSettings {
  jurisdiction: string;
  salesTaxRate: number | null;
  localTaxRate: number | null;
}

/** Pickup ignores zones; a delivery is looked up by its postal code. */
export function zoneLookupFor(
  orderType: OrderType,
  zones: readonly DeliveryZone[],
  postalCode: string | null,
): ZoneLookup {
  return orderType === 'pickup'
    ? { kind: 'anywhere', terms: DEFAULT_DELIVERY_TERMS }
    : lookUpZone(zones, postalCode);
}

/** The rule set and rates in force on the shop date; a zone's sales tax replaces the shop's. */
export function taxContextFor(
  settings: ComplianceSettings,
  zone: DeliveryZone | null,
  shopDate: string,
): TaxContext {
  return {
    ruleSet: ruleSetFor(settings.jurisdiction),
    date: shopDate,
    rates: {
      salesTaxPercent: zone?.salesTaxRate ?? settings.salesTaxRate,
      localTaxPercent: settings.localTaxRate,
    },
  };
}
