/**
 * Cannabis taxes (issue 16) from a rule set's dated rates. Each line is rounded half up to the
 * cent on its own; rates are taken as basis points so the rounding is exact integer arithmetic.
 */
import { type RuleSet, rateOn } from './rule-set';

export interface TaxLine {
  name: string;
  /** percent, e.g. 15 */
  ratePercent: number;
  amountCents: number;
}

export interface ShopTaxRates {
  /** the shop's (or the delivery zone's) sales tax, percent; null = none */
  salesTaxPercent: number | null;
  /** the local cannabis business tax, percent; null = none */
  localTaxPercent: number | null;
}

export interface TaxBase {
  /** the order's shop date: which dated rate is in force */
  date: string;
  /** goods after discount */
  goodsCents: number;
  feeCents: number;
}

/** `cents` x `percent` / 100, rounded half up to the cent (never negative). */
export function percentOfCents(cents: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  if (cents <= 0 || basisPoints <= 0) return 0;
  return Math.floor((cents * basisPoints + 5000) / 10000);
}

export function taxLines(ruleSet: RuleSet, base: TaxBase, rates: ShopTaxRates): TaxLine[] {
  const goods = Math.max(0, base.goodsCents);
  const grossReceipts = goods + Math.max(0, base.feeCents);
  const lines: TaxLine[] = [];
  const excise = ruleSet.exciseTax ? rateOn(ruleSet.exciseTax.rates, base.date) : null;
  const exciseCents = excise ? percentOfCents(grossReceipts, excise.ratePercent) : 0;
  if (ruleSet.exciseTax && excise) {
    lines.push({
      name: ruleSet.exciseTax.name,
      ratePercent: excise.ratePercent,
      amountCents: exciseCents,
    });
  }
  if (ruleSet.salesTax && rates.salesTaxPercent) {
    lines.push({
      name: ruleSet.salesTax.name,
      ratePercent: rates.salesTaxPercent,
      amountCents: percentOfCents(goods + exciseCents, rates.salesTaxPercent),
    });
  }
  if (ruleSet.localTax && rates.localTaxPercent) {
    lines.push({
      name: ruleSet.localTax.name,
      ratePercent: rates.localTaxPercent,
      amountCents: percentOfCents(grossReceipts, rates.localTaxPercent),
    });
  }
  return lines;
}

export function totalTaxCents(lines: readonly TaxLine[]): number {
  return lines.reduce((sum, line) => sum + line.amountCents, 0);
}
