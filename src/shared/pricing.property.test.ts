import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_TYPES, QUANTITY_OPTIONS } from './constants';
import {
  type AppliedPromotion,
  bogo50DiscountCents,
  type PriceCartInput,
  type PricingLine,
  priceCart,
} from './pricing';

const CATEGORIES = ['flower', 'edibles', 'concentrates', 'prerolls'];

/** A freebie line is only ever in the freebie's size: one 1/8 Oz or one item (spec §9). */
const lineArb: fc.Arbitrary<PricingLine> = fc
  .record({
    productId: fc.integer({ min: 1, max: 50 }),
    category: fc.constantFrom(...CATEGORIES),
    subcategory: fc.option(fc.constantFrom('indoor', 'gummies', 'prerolls'), { nil: null }),
    quantity: fc.constantFrom(...QUANTITY_OPTIONS),
    count: fc.integer({ min: 1, max: 10 }),
    unitPriceCents: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
    freebie: fc.boolean(),
  })
  .map((line) => ({
    ...line,
    freebie: line.freebie && !['1/4 Oz', '1/2 Oz', '1 Oz', 'Bulk'].includes(line.quantity),
  }));

const promotionArb: fc.Arbitrary<AppliedPromotion> = fc.record({
  promoCode: fc.constantFrom('SAVE', 'BOGO50', 'FREE'),
  discountType: fc.constantFrom('fixed', 'percentage', 'freebie'),
  discountAmount: fc.oneof(
    fc.integer({ min: 0, max: 100 }),
    fc.double({ min: 0, max: 1000, noNaN: true }),
  ),
  applicableCategories: fc.subarray(CATEGORIES),
  isBogo50: fc.boolean(),
  freebieProductId: fc.option(fc.integer({ min: 1, max: 50 }), { nil: null }),
});

const inputArb = fc.record({
  lines: fc.array(lineArb, { maxLength: 12 }),
  promotion: fc.option(promotionArb, { nil: null }),
  orderType: fc.constantFrom(...ORDER_TYPES),
});

/** Independent BOGO50: repeatedly take the two cheapest units and discount half the cheaper. */
function referenceBogo50(prices: number[]): number {
  const pool = [...prices];
  let discount = 0;
  while (pool.length >= 2) {
    const cheapest = Math.min(...pool);
    pool.splice(pool.indexOf(cheapest), 1);
    pool.splice(pool.indexOf(Math.min(...pool)), 1);
    discount += Math.ceil(cheapest / 2);
  }
  return discount;
}

const FLOWER_SIZES: readonly string[] = ['1/8 Oz', '1/4 Oz', '1/2 Oz', '1 Oz'];

/** Each charged unit's price in cents: a flower size is one unit, "3" is three; Bulk and unpriced lines add nothing. */
function chargedUnits(line: PricingLine): number[] {
  const price = line.unitPriceCents;
  if (line.quantity === 'Bulk' || price === null || price < 0) return [];
  const perCount = FLOWER_SIZES.includes(line.quantity) ? 1 : Number.parseInt(line.quantity, 10);
  const units: number[] = Array(perCount * line.count).fill(price);
  return line.freebie ? units.slice(1) : units;
}

/**
 * Spec §9 read on its own, unit by unit: fee $5 unless pickup; the discount comes from the
 * eligible lines only (all lines when no category is named), percentage of the eligible
 * subtotal, fixed capped at it, BOGO50 instead of either; total = max(0, subtotal - discount + fee).
 */
function specPricing({ lines, promotion, orderType }: PriceCartInput) {
  const total = (list: readonly PricingLine[]) =>
    list.flatMap(chargedUnits).reduce((a, b) => a + b, 0);
  const named = (promotion?.applicableCategories ?? []).map((c) => c.toLowerCase());
  const eligible = lines.filter(
    (line) =>
      named.length === 0 ||
      named.includes(line.category.toLowerCase()) ||
      (!!line.subcategory && named.includes(line.subcategory.toLowerCase())),
  );
  const subtotal = total(lines);
  const eligibleSubtotal = total(eligible);
  let discount = 0;
  if (promotion?.isBogo50) {
    discount = referenceBogo50(
      eligible.filter((line) => line.quantity === '1 Oz').flatMap(chargedUnits),
    );
  } else if (promotion?.discountType === 'percentage') {
    discount = Math.round((eligibleSubtotal * promotion.discountAmount) / 100);
  } else if (promotion?.discountType === 'fixed') {
    discount = Math.round(promotion.discountAmount * 100);
  }
  discount = Math.min(Math.max(discount, 0), eligibleSubtotal);
  const fee = orderType === 'pickup' ? 0 : 500;
  return { subtotal, discount, fee, total: Math.max(0, subtotal - discount + fee) };
}

describe('pricing properties', () => {
  it('never totals below zero', () => {
    fc.assert(fc.property(inputArb, (input) => priceCart(input).totalCents >= 0));
  });

  it('never discounts more than the eligible subtotal, nor less than zero', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { discountCents, eligibleSubtotalCents, subtotalCents } = priceCart(input);
        return (
          discountCents >= 0 &&
          discountCents <= eligibleSubtotalCents &&
          eligibleSubtotalCents <= subtotalCents &&
          Number.isInteger(discountCents)
        );
      }),
    );
  });

  it('prices every cart as the rules of spec §9 say (independent oracle)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const pricing = priceCart(input);
        const expected = specPricing(input);
        expect({
          subtotal: pricing.subtotalCents,
          discount: pricing.discountCents,
          fee: pricing.feeCents,
          total: pricing.totalCents,
        }).toEqual(expected);
      }),
    );
  });

  it('BOGO50 takes half the cheaper unit of each pair', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 20 }), (prices) => {
        expect(bogo50DiscountCents(prices)).toBe(referenceBogo50(prices));
      }),
    );
  });

  it('BOGO50 in a cart discounts exactly the pairs of its 1 Oz units', () => {
    // a freebie is never a 1 Oz line (spec §9), and BOGO50 gives none away
    const ozLine = lineArb.map((line) => ({ ...line, quantity: '1 Oz' as const, freebie: false }));
    fc.assert(
      fc.property(fc.array(ozLine, { maxLength: 6 }), (lines) => {
        const promotion: AppliedPromotion = {
          promoCode: 'BOGO50',
          discountType: 'fixed',
          discountAmount: 0,
          applicableCategories: [],
          isBogo50: true,
        };
        const units = lines.flatMap((line) =>
          line.unitPriceCents === null ? [] : Array(line.count).fill(line.unitPriceCents),
        );
        const pricing = priceCart({ lines, promotion, orderType: 'delivery' });
        expect(pricing.bogo50?.ozItemsCount).toBe(units.length);
        expect(pricing.discountCents).toBe(referenceBogo50(units));
      }),
    );
  });
});
