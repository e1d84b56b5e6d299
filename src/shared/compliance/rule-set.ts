/**
 * Rules that change with law or place, as data (issue 16). A rule set is one jurisdiction's
 * purchase limits and cannabis taxes, each rule dated and naming its source; the engines in
 * `limits.ts` and `taxes.ts` read them. A new state is a new data file listed in
 * `rule-sets.ts`, plus its golden tests: no engine changes.
 */

/** Inclusive shop dates (YYYY-MM-DD) a rule applies on; null = open-ended. */
export interface EffectiveDates {
  from: string | null;
  until: string | null;
}

export type LimitKind = 'cannabis' | 'concentrate';

export interface PurchaseLimit extends EffectiveDates {
  kind: LimitKind;
  /** most a customer may buy per shop day */
  grams: number;
  /** how the cart names what counts ("flower", "concentrate") */
  label: string;
  source: string;
}

export interface DatedRate extends EffectiveDates {
  /** percent, e.g. 15 for 15% */
  ratePercent: number;
  source: string;
}

/** A money amount in force on dated shop days. */
export interface DatedAmount extends EffectiveDates {
  cents: number;
  source: string;
}

/** Shop-time clock readings, "HH:MM" (24-hour). */
export interface LegalHours {
  opens: string;
  closes: string;
  source: string;
}

export interface RuleSet {
  id: string;
  name: string;
  /** what the rule set does, for the dealer's settings screen */
  summary: string[];
  purchaseLimits: PurchaseLimit[];
  /** a tax on gross receipts (goods after discount plus the delivery fee), dated rates */
  exciseTax: { name: string; rates: DatedRate[] } | null;
  /** sales tax on goods plus excise, at the shop's (or the delivery zone's) rate */
  salesTax: { name: string; source: string } | null;
  /** an optional local cannabis business tax on gross receipts, at the shop's rate */
  localTax: { name: string; source: string } | null;
  /**
   * Sales are records: a handed-over order is final (a return after it is its own record),
   * an order is voided with a reason and never deleted, and every handover passes the door
   * rules. Null keeps the spec's freedom (any status at any time, deletion).
   */
  salesRecords: { source: string } | null;
  /** when sales, deliveries and handovers may happen, in shop time; null = any time */
  hours: LegalHours | null;
  /** the retail value of goods one driver may carry at once (dated); [] = no cap */
  vehicleCaps: DatedAmount[];
  /**
   * Cannabis products must state what they count toward the limits (grams above 0), and are
   * not sold as Bulk (its amount would be unknown). Null = no such rule.
   */
  cannabisProducts: { source: string } | null;
  /** a promotion may give away only non-cannabis products; null = anything may be given */
  noFreeCannabis: { source: string } | null;
  /** deliveries go only to addresses in this state; null = anywhere */
  deliveryState: { code: string; name: string; source: string } | null;
}

export function isEffectiveOn(rule: EffectiveDates, date: string): boolean {
  return (rule.from === null || rule.from <= date) && (rule.until === null || date <= rule.until);
}

/** The rate in force on `date`, or null when the rule set has none that day. */
export function rateOn(rates: readonly DatedRate[], date: string): DatedRate | null {
  return rates.find((rate) => isEffectiveOn(rate, date)) ?? null;
}

/** The amount in force on `date`, or null when none is. */
export function amountOn(amounts: readonly DatedAmount[], date: string): DatedAmount | null {
  return amounts.find((amount) => isEffectiveOn(amount, date)) ?? null;
}
