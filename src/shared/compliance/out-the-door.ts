/**
 * "Prices include taxes" (issue 16): out-the-door prices, as many licensed shops show them. A
 * display over the same order: the totals, the stored tax lines and what the server charges
 * never change; only how the menu and the cart split the total.
 */
import type { CartPricing, TaxContext } from '../pricing';
import { taxLines, totalTaxCents } from './taxes';

/** Goods of `goodsCents` with the taxes they carry on their own (no delivery fee). */
export function withGoodsTaxes(goodsCents: number, tax: TaxContext | undefined): number {
  if (!tax || goodsCents <= 0) return goodsCents;
  const lines = taxLines(tax.ruleSet, { date: tax.date, goodsCents, feeCents: 0 }, tax.rates);
  return goodsCents + totalTaxCents(lines);
}

export interface OutTheDoorSummary {
  /** the cart's goods before the discount at their taxed price */
  itemsCents: number;
  /** what the promotion takes off, with its taxes */
  discountCents: number;
  /** the delivery fee with its taxes, and the rounding of the whole order's tax lines */
  deliveryCents: number;
  /** the order's own total, to the cent */
  totalCents: number;
}

/** The summary rows of the out-the-door display: they add up to the order's total exactly. */
export function outTheDoorSummary(pricing: CartPricing, tax: TaxContext): OutTheDoorSummary {
  // taxed as a whole, not line by line: no discount means no discount row, not a stray cent
  const itemsCents = withGoodsTaxes(pricing.subtotalCents, tax);
  const goodsCents = withGoodsTaxes(pricing.subtotalCents - pricing.discountCents, tax);
  return {
    itemsCents,
    discountCents: itemsCents - goodsCents,
    deliveryCents: pricing.totalCents - goodsCents,
    totalCents: pricing.totalCents,
  };
}
