import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartLineArb, promotionArb } from '../../../test/pricing-properties';
import { type AppliedPromotion, isLineEligible, type PricingLine, priceCart } from '../pricing';
import { RULE_SETS } from './rule-sets';
import { type StoredOrderTaxes, taxesOnDate } from './taxes-on-date';

const CA = RULE_SETS['US-CA'];

describe('taxesOnDate', () => {
  // a quarter of flower and a pipe, $10 off both, delivered for $5, at 9.5% sales tax
  const order: StoredOrderTaxes = {
    lines: [
      { unitPriceCents: 8_550, quantity: '1/4 Oz', count: 1, cannabis: true },
      { unitPriceCents: 3_000, quantity: '1', count: 1, cannabis: false },
    ],
    discountCents: 1_000,
    feeCents: 500,
    rates: { salesTaxPercent: 9.5, localTaxPercent: null },
  };
  // the discount: 1000 x 3000 / 11550 = 259.74 -> $2.60 on the pipe, $7.40 on the flower,
  // so $78.10 of cannabis, $27.40 of pipe; the excise base is 78.10 + 5.00 = $83.10

  it('takes the 15% excise on 30 June 2025 and the 19% on 1 July 2025', () => {
    const before = taxesOnDate(order, CA, '2025-06-30');
    // excise 15% of 83.10 = 12.465 -> 12.47; sales 9.5% of 83.10 + 12.47 + 27.40 = 122.97 -> 11.68
    expect(before.taxes).toEqual([
      { name: 'Cannabis excise tax', ratePercent: 15, amountCents: 1_247 },
      { name: 'Sales tax', ratePercent: 9.5, amountCents: 1_168 },
    ]);
    expect(before.totalCents).toBe(13_465);
    const after = taxesOnDate(order, CA, '2025-07-01');
    // excise 19% of 83.10 = 15.789 -> 15.79; sales 9.5% of 83.10 + 15.79 + 27.40 = 126.29 -> 12.00
    expect(after.taxes).toEqual([
      { name: 'Cannabis excise tax', ratePercent: 19, amountCents: 1_579 },
      { name: 'Sales tax', ratePercent: 9.5, amountCents: 1_200 },
    ]);
    expect(after.taxBases).toEqual({ exciseTax: 8_310, salesTax: 12_629 });
    expect(after.totalCents).toBe(13_829);
  });

  it('leaves the goods and fee as they are under the rule set none', () => {
    expect(taxesOnDate(order, RULE_SETS.none, '2025-07-01')).toEqual({
      taxes: [],
      taxBases: {},
      totalCents: 11_050,
    });
  });

  it('gives what priceCart charged when the date is the order’s own (property)', () => {
    const lineArb = fc
      .tuple(cartLineArb(40_000, 3), fc.boolean())
      .map(([line, freebie]): PricingLine => ({ ...line, freebie }));
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 5 }),
        fc.option<AppliedPromotion>(promotionArb(50), { nil: null }),
        fc.constantFrom('delivery', 'pickup' as const),
        fc.constantFrom('2025-06-30', '2025-07-01', '2026-11-27'),
        fc.integer({ min: 0, max: 12_000 }).map((thousandths) => thousandths / 1000),
        (lines, promotion, orderType, date, salesTaxPercent) => {
          const rates = { salesTaxPercent, localTaxPercent: 10 };
          const placed = priceCart({
            lines,
            promotion,
            orderType,
            tax: { ruleSet: CA, date, rates },
          });
          const stored = lines.map((line) => ({
            ...line,
            discounted: isLineEligible(line, promotion?.applicableCategories ?? []),
          }));
          const again = taxesOnDate(
            {
              lines: stored,
              discountCents: placed.discountCents,
              feeCents: placed.feeCents,
              rates,
            },
            CA,
            date,
          );
          expect(again.taxes).toEqual(placed.taxes);
          expect(again.totalCents).toBe(placed.totalCents);
        },
      ),
    );
  });
});
