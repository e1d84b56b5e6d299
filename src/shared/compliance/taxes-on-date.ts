/**
 * A stored order taxed again on another date: the excise rate in force changes
 * on dated boundaries, so an order handed over on a later day than it was placed may owe the
 * taxes of that day. Pure: the caller reads the order and decides which date counts.
 */
import {
  type CartPricing,
  discountedGoods,
  goodsPartsOf,
  type PricingLine,
  taxesOf,
} from '../pricing';
import type { RuleSet } from './rule-set';
import { type ShopTaxRates, type TaxLine, totalTaxCents } from './taxes';

export interface StoredOrderLine
  extends Pick<PricingLine, 'unitPriceCents' | 'quantity' | 'count' | 'freebie' | 'cannabis'> {
  /** whether the order's discount applied to the line (its promotion's categories); absent = it did */
  discounted?: boolean;
}

export interface StoredOrderTaxes {
  lines: readonly StoredOrderLine[];
  discountCents: number;
  feeCents: number;
  /** the sales and local rates the order was placed with */
  rates: ShopTaxRates;
}

export interface RetaxedOrder {
  taxes: TaxLine[];
  taxBases: CartPricing['taxBases'];
  /** the order's goods after discount and its fee, with the taxes of `date` */
  totalCents: number;
}

export function taxesOnDate(order: StoredOrderTaxes, ruleSet: RuleSet, date: string): RetaxedOrder {
  const subtotal = goodsPartsOf(order.lines);
  const eligible = goodsPartsOf(order.lines.filter((line) => line.discounted !== false));
  const eligibleCents = eligible.cannabisCents + eligible.nonCannabisCents;
  const discountCents = Math.min(Math.max(0, order.discountCents), eligibleCents);
  const goods = discountedGoods(subtotal, eligible, discountCents);
  const taxed = taxesOf({ ruleSet, date, rates: order.rates }, goods, order.feeCents);
  const goodsCents = goods.cannabisCents + goods.nonCannabisCents;
  return {
    taxes: taxed.lines,
    taxBases: taxed.bases,
    totalCents: Math.max(0, goodsCents + order.feeCents) + totalTaxCents(taxed.lines),
  };
}
