import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_TYPES, QUANTITY_OPTIONS } from './constants';
import {
  type AppliedPromotion,
  bogo50DiscountCents,
  lineTotalCents,
  type PricingLine,
  priceCart,
} from './pricing';

const CATEGORIES = ['flower', 'edibles', 'concentrates', 'prerolls'];

const lineArb: fc.Arbitrary<PricingLine> = fc.record({
  productId: fc.integer({ min: 1, max: 50 }),
  category: fc.constantFrom(...CATEGORIES),
  subcategory: fc.option(fc.constantFrom('indoor', 'gummies', 'prerolls'), { nil: null }),
  quantity: fc.constantFrom(...QUANTITY_OPTIONS),
  count: fc.integer({ min: 1, max: 10 }),
  unitPriceCents: fc.option(fc.integer({ min: 0, max: 50_000 }), { nil: null }),
});

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

  it('has a subtotal equal to the sum of the line totals', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const pricing = priceCart(input);
        const expected = input.lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
        expect(pricing.lineTotalsCents).toEqual(input.lines.map(lineTotalCents));
        expect(pricing.subtotalCents).toBe(expected);
      }),
    );
  });

  it('charges no fee for pickup', () => {
    fc.assert(
      fc.property(inputArb, (input) => priceCart({ ...input, orderType: 'pickup' }).feeCents === 0),
    );
  });

  it('computes the total as subtotal - discount + fee, floored at zero', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const p = priceCart(input);
        return p.totalCents === Math.max(0, p.subtotalCents - p.discountCents + p.feeCents);
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
    const ozLine = lineArb.map((line) => ({ ...line, quantity: '1 Oz' as const }));
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
