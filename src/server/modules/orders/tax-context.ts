/**
 * The excise rate is the one in force on the day the goods change hands. An order
 * keeps what its taxes were levied on; at handover, if the rate of that day differs, the order
 * is taxed again and its receipt says so.
 */
import type { RuleSet } from '../../../shared/compliance/rule-set';
import type { ShopTaxRates, TaxLine } from '../../../shared/compliance/taxes';
import { formatCents } from '../../../shared/money';
import {
  type CartPricing,
  type GoodsParts,
  type TaxContext,
  taxesOf,
} from '../../../shared/pricing';
import { readJson } from '../../db/json';
import type { OrderRow } from '../../db/schema';

/** What an order's taxes were levied on, kept with it (orders.tax_context). */
export interface TaxContextOfOrder {
  goods: GoodsParts;
  feeCents: number;
  rates: ShopTaxRates;
}

export function taxContextOf(pricing: CartPricing, tax: TaxContext): TaxContextOfOrder {
  return { goods: pricing.goodsParts, feeCents: pricing.feeCents, rates: tax.rates };
}

export interface Repriced {
  taxes: TaxLine[];
  totalCents: number;
  note: string;
}

/**
 * The order taxed on its handover day, when the rule set's excise rate that day differs from
 * the one it was placed with; null when nothing changes.
 */
export function repricedOnHandover(
  row: Pick<OrderRow, 'taxes' | 'tax_context' | 'total_cents'>,
  ruleSet: RuleSet,
  saleDate: string,
): Repriced | null {
  const context = readJson<TaxContextOfOrder | null>(row.tax_context, null);
  const excise = ruleSet.exciseTax;
  if (!context || !excise) return null;
  const placed = readJson<TaxLine[]>(row.taxes, []);
  const before = placed.find((line) => line.name === excise.name);
  if (!before) return null;
  const taxed = taxesOf(
    { ruleSet, date: saleDate, rates: context.rates },
    context.goods,
    context.feeCents,
  );
  const after = taxed.lines.find((line) => line.name === excise.name);
  if (!after || after.ratePercent === before.ratePercent) return null;
  const goodsCents = context.goods.cannabisCents + context.goods.nonCannabisCents;
  const totalCents =
    Math.max(0, goodsCents + context.feeCents) +
    taxed.lines.reduce((sum, line) => sum + line.amountCents, 0);
  return {
    taxes: taxed.lines,
    totalCents,
    note: `Taxes re-priced at handover on ${saleDate}: the ${excise.name.toLowerCase()} in force that day is ${after.ratePercent}% (the order was placed at ${before.ratePercent}%); total ${formatCents(row.total_cents)} → ${formatCents(totalCents)}.`,
  };
}
