import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PricingLine, priceCart, type TaxContext } from '../pricing';
import { outTheDoorSummary, withGoodsTaxes } from './out-the-door';
import { RULE_SETS } from './rule-sets';

const california = (salesTaxPercent: number | null): TaxContext => ({
  ruleSet: RULE_SETS['US-CA'],
  date: '2026-11-30',
  rates: { salesTaxPercent, localTaxPercent: null },
});
const flower = (unitPriceCents: number, count = 1): PricingLine => ({
  productId: 1,
  category: 'flower',
  subcategory: null,
  quantity: '1/4 Oz',
  count,
  unitPriceCents,
});

describe('prices include taxes', () => {
  it('prices goods with their own taxes: $100 is $125.93 in California at 9.5%', () => {
    // excise 15% of $100 = $15.00; sales 9.5% of $115.00 = $10.925, half up $10.93
    expect(withGoodsTaxes(10_000, california(9.5))).toBe(12_593);
    expect(withGoodsTaxes(10_000, undefined)).toBe(10_000);
    expect(withGoodsTaxes(10_000, { ...california(null), ruleSet: RULE_SETS.none })).toBe(10_000);
  });

  it('prices an accessory with its sales tax alone: a $20 pipe is $21.90 at 9.5%', () => {
    expect(withGoodsTaxes(2_000, california(9.5), false)).toBe(2_190);
    expect(withGoodsTaxes(2_000, california(null), false)).toBe(2_000);
  });

  it("splits the Mission zone's $116.49 into taxed items and a taxed delivery", () => {
    const tax = california(9.5);
    const pricing = priceCart({
      lines: [flower(8550)],
      promotion: null,
      orderType: 'delivery',
      delivery: { feeCents: 700, minimumCents: 6000, freeDeliveryOverCents: null },
      tax,
    });
    // excise 15% of $92.50 = $13.88 (13.875 up); sales 9.5% of $106.38 = $10.11 (10.1061)
    expect(pricing.totalCents).toBe(11_649);
    // the items alone: excise $12.83 (12.825 up), sales 9.5% of $98.33 = $9.34
    expect(outTheDoorSummary(pricing, tax)).toEqual({
      itemsCents: 10_767,
      discountCents: 0,
      deliveryCents: 882,
      totalCents: 11_649,
    });
  });

  it('adds up to the order total for any cart, with or without a discount', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 1, max: 50_000 }),
            count: fc.integer({ min: 1, max: 5 }),
            cannabis: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 0, max: 50 }),
        fc.constantFrom<'delivery' | 'pickup'>('delivery', 'pickup'),
        fc.option(fc.integer({ min: 0, max: 1500 }).map((bp) => bp / 100)),
        (lines, percentOff, orderType, salesTax) => {
          const tax = california(salesTax);
          const pricing = priceCart({
            lines: lines.map((line) => ({
              ...flower(line.price, line.count),
              cannabis: line.cannabis,
            })),
            promotion:
              percentOff > 0
                ? {
                    promoCode: 'OFF',
                    discountType: 'percentage',
                    discountAmount: percentOff,
                    applicableCategories: [],
                    isBogo50: false,
                  }
                : null,
            orderType,
            tax,
          });
          const rows = outTheDoorSummary(pricing, tax);
          expect(rows.itemsCents - rows.discountCents + rows.deliveryCents).toBe(
            pricing.totalCents,
          );
          expect(rows.discountCents).toBeGreaterThanOrEqual(0);
          if (pricing.discountCents === 0) expect(rows.discountCents).toBe(0);
          // pickup has no fee: all of the total is the goods
          if (orderType === 'pickup') expect(rows.deliveryCents).toBe(0);
          else expect(rows.deliveryCents).toBeGreaterThanOrEqual(pricing.feeCents);
        },
      ),
    );
  });
});
