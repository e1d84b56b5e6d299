/**
 * Rules that change with law or place, as data. A rule set is one jurisdiction's
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

/**
 * The amounts of an order a tax can be levied on, each in cents:
 * - `cannabisGoods`: cannabis lines after their share of the discount
 * - `nonCannabisGoods`: accessories and merchandise after their share of the discount
 * - `deliveryFee`: the delivery fee of an order that delivers cannabis goods; 0 without them,
 *   as it is then no part of a cannabis sale (CDTFA counts the charge for delivering
 *   cannabis in the vehicle of the shop in the gross receipts)
 * - `localTax`: the local cannabis tax line, passed on to the customer
 * - `exciseBase`, `excise`: what the excise was levied on, and the excise line
 */
export type GoodsPart = 'cannabisGoods' | 'nonCannabisGoods' | 'deliveryFee';
export type TaxBasePart = GoodsPart | 'localTax' | 'exciseBase' | 'excise';

/**
 * A tax: its name, its source and the parts its base adds up. Taxes are computed local tax
 * first, then excise, then sales tax, so each base may only take the taxes before it.
 */
export interface TaxRule<Part extends TaxBasePart> {
  name: string;
  source: string;
  base: readonly Part[];
}

export interface RuleSet {
  id: string;
  name: string;
  /** what the rule set does, for the dealer's settings screen */
  summary: string[];
  purchaseLimits: PurchaseLimit[];
  /** an optional local cannabis business tax, at the shop's rate */
  localTax: TaxRule<GoodsPart> | null;
  /** a tax on the gross receipts of cannabis, at the dated rate in force on the order date */
  exciseTax: (TaxRule<GoodsPart | 'localTax'> & { rates: DatedRate[] }) | null;
  /** sales tax, at the shop's (or the delivery zone's) rate */
  salesTax: TaxRule<TaxBasePart> | null;
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
