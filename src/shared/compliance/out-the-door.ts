/**
 * "Prices include taxes": out-the-door prices, as many licensed shops show them. A
 * display over the same order: the totals, the stored tax lines and what the server charges
 * never change; only how the menu and the cart split the total.
 */
import { type CartPricing, type GoodsParts, type TaxContext, taxesOf } from '../pricing';
import { totalTaxCents } from './taxes';

/** Goods with the taxes they carry on their own (no delivery fee), taxed as a whole. */
export function goodsWithTaxes(goods: GoodsParts, tax: TaxContext | undefined): number {
  const cents = goods.cannabisCents + goods.nonCannabisCents;
  if (!tax || cents <= 0) return cents;
  return cents + totalTaxCents(taxesOf(tax, goods, 0).lines);
}

/** One price with its own taxes: cannabis pays them all, an accessory sales tax alone. */
export function withGoodsTaxes(
  goodsCents: number,
  tax: TaxContext | undefined,
  cannabis = true,
): number {
  const goods = cannabis
    ? { cannabisCents: goodsCents, nonCannabisCents: 0 }
    : { cannabisCents: 0, nonCannabisCents: goodsCents };
  return goodsWithTaxes(goods, tax);
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
  const itemsCents = goodsWithTaxes(pricing.subtotalParts, tax);
  const goodsCents = goodsWithTaxes(pricing.goodsParts, tax);
  return {
    itemsCents,
    discountCents: itemsCents - goodsCents,
    deliveryCents: pricing.totalCents - goodsCents,
    totalCents: pricing.totalCents,
  };
}
