/**
 * Cannabis taxes from a rule set's taxes: each tax is its rate times the
 * parts of the order its base names, computed local tax first, then excise, then sales tax, so
 * a base can take the taxes before it. Each line is rounded half up to the cent on its own;
 * rates are taken in thousandths of a percent (9.125%), so the rounding is exact integer
 * arithmetic.
 */
import { type RuleSet, rateOn, type TaxBasePart, type TaxRule } from './rule-set';

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
  /** cannabis goods after their share of the discount */
  cannabisGoodsCents: number;
  /** accessories and merchandise after their share of the discount */
  nonCannabisGoodsCents: number;
  feeCents: number;
}

export type TaxKind = 'localTax' | 'exciseTax' | 'salesTax';

export interface OrderTaxes {
  /** in the order they are computed: local tax, excise, sales tax */
  lines: TaxLine[];
  /** what each tax levied was levied on, cents; absent for a tax the order does not pay */
  bases: Partial<Record<TaxKind, number>>;
}

/** `cents` x `percent` / 100, rounded half up to the cent (never negative). */
export function percentOfCents(cents: number, percent: number): number {
  const thousandths = Math.round(percent * 1000);
  if (cents <= 0 || thousandths <= 0) return 0;
  return Math.floor((cents * thousandths + 50_000) / 100_000);
}

function levy(
  rule: TaxRule<TaxBasePart>,
  ratePercent: number,
  amounts: Record<TaxBasePart, number>,
): { line: TaxLine; baseCents: number } {
  const baseCents = rule.base.reduce((sum, part) => sum + amounts[part], 0);
  const amountCents = percentOfCents(baseCents, ratePercent);
  return { line: { name: rule.name, ratePercent, amountCents }, baseCents };
}

export function orderTaxes(ruleSet: RuleSet, base: TaxBase, rates: ShopTaxRates): OrderTaxes {
  const cannabisGoods = Math.max(0, base.cannabisGoodsCents);
  const amounts: Record<TaxBasePart, number> = {
    cannabisGoods,
    nonCannabisGoods: Math.max(0, base.nonCannabisGoodsCents),
    deliveryFee: cannabisGoods > 0 ? Math.max(0, base.feeCents) : 0,
    localTax: 0,
    exciseBase: 0,
    excise: 0,
  };
  const result: OrderTaxes = { lines: [], bases: {} };
  const add = (kind: TaxKind, rule: TaxRule<TaxBasePart> | null, rate: number | null) => {
    if (!rule || !rate) return null;
    const levied = levy(rule, rate, amounts);
    result.lines.push(levied.line);
    result.bases[kind] = levied.baseCents;
    return levied;
  };
  amounts.localTax =
    add('localTax', ruleSet.localTax, rates.localTaxPercent)?.line.amountCents ?? 0;
  const exciseRate = ruleSet.exciseTax ? rateOn(ruleSet.exciseTax.rates, base.date) : null;
  const excise = add('exciseTax', ruleSet.exciseTax, exciseRate?.ratePercent ?? null);
  amounts.exciseBase = excise?.baseCents ?? 0;
  amounts.excise = excise?.line.amountCents ?? 0;
  add('salesTax', ruleSet.salesTax, rates.salesTaxPercent);
  return result;
}

export function taxLines(ruleSet: RuleSet, base: TaxBase, rates: ShopTaxRates): TaxLine[] {
  return orderTaxes(ruleSet, base, rates).lines;
}

export function totalTaxCents(lines: readonly TaxLine[]): number {
  return lines.reduce((sum, line) => sum + line.amountCents, 0);
}
