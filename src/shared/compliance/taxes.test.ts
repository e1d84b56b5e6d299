import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PricingLine, priceCart } from '../pricing';
import { RULE_SETS } from './rule-sets';
import { percentOfCents, taxLines, totalTaxCents } from './taxes';

const CA = RULE_SETS['US-CA'];
const noLocal = { salesTaxPercent: 9.5, localTaxPercent: null };

describe('US-CA taxes, worked examples', () => {
  it('$100 of goods + $5 fee: excise $15.75, sales tax 9.5% of $115.75 = $11.00', () => {
    const lines = taxLines(CA, { date: '2026-11-24', goodsCents: 10_000, feeCents: 500 }, noLocal);
    expect(lines).toEqual([
      { name: 'Cannabis excise tax', ratePercent: 15, amountCents: 1575 },
      { name: 'Sales tax', ratePercent: 9.5, amountCents: 1100 },
    ]);
  });

  it('takes the excise rate in force on the order date (AB 564)', () => {
    const base = { goodsCents: 10_000, feeCents: 0 };
    const excise = (date: string) => taxLines(CA, { date, ...base }, noLocal)[0];
    expect(excise('2025-06-30')).toMatchObject({ ratePercent: 15, amountCents: 1500 });
    expect(excise('2025-07-01')).toMatchObject({ ratePercent: 19, amountCents: 1900 });
    expect(excise('2025-09-30')).toMatchObject({ ratePercent: 19, amountCents: 1900 });
    expect(excise('2025-10-01')).toMatchObject({ ratePercent: 15, amountCents: 1500 });
  });

  it('adds the local cannabis business tax on gross receipts when the shop sets a rate', () => {
    const lines = taxLines(
      CA,
      { date: '2026-11-24', goodsCents: 4_000, feeCents: 500 },
      { salesTaxPercent: 8.625, localTaxPercent: 10 },
    );
    // excise 15% of 45.00 = 6.75; sales 8.625% of 46.75 = 4.0321875 -> 4.03; local 10% of 45.00
    expect(lines.map((l) => [l.name, l.amountCents])).toEqual([
      ['Cannabis excise tax', 675],
      ['Sales tax', 403],
      ['Local cannabis business tax', 450],
    ]);
  });

  it('rounds each line half up to the cent', () => {
    expect(percentOfCents(10, 15)).toBe(2); // 1.5 -> 2
    expect(percentOfCents(3, 15)).toBe(0); // 0.45 -> 0
    expect(percentOfCents(1_050, 9.5)).toBe(100); // 99.75 -> 100
    expect(percentOfCents(12_345, 7.25)).toBe(895); // 895.0125
  });

  it('the rule set none has no tax lines, and a sales rate without a sales tax rule adds none', () => {
    expect(
      taxLines(RULE_SETS.none, { date: '2026-11-24', goodsCents: 10_000, feeCents: 500 }, noLocal),
    ).toEqual([]);
  });
});

describe('priceCart with taxes', () => {
  const line = (cents: number): PricingLine => ({
    productId: 1,
    category: 'flower',
    quantity: '1/8 Oz',
    count: 1,
    unitPriceCents: cents,
  });
  const tax = { ruleSet: CA, date: '2026-11-24', rates: noLocal };

  it('totals $100 + $5 fee as $131.75 with the two lines', () => {
    const pricing = priceCart({
      lines: [line(10_000)],
      promotion: null,
      orderType: 'delivery',
      tax,
    });
    expect(pricing.taxCents).toBe(2675);
    expect(pricing.totalCents).toBe(13_175);
  });

  it('without a rule set the spec total stands: $100 + $5 = $105', () => {
    const pricing = priceCart({ lines: [line(10_000)], promotion: null, orderType: 'delivery' });
    expect(pricing.taxes).toEqual([]);
    expect(pricing.totalCents).toBe(10_500);
  });

  const linesArb = fc.array(fc.integer({ min: 0, max: 100_000 }).map(line), { maxLength: 8 });
  const ratesArb = fc.record({
    salesTaxPercent: fc.option(fc.double({ min: 0, max: 15, noNaN: true }), { nil: null }),
    localTaxPercent: fc.option(fc.double({ min: 0, max: 15, noNaN: true }), { nil: null }),
  });
  const dateArb = fc.constantFrom('2024-01-01', '2025-08-15', '2026-11-24');

  it('property: no tax is negative and total = subtotal - discount + fee + taxes', () => {
    fc.assert(
      fc.property(
        linesArb,
        ratesArb,
        dateArb,
        fc.constantFrom('delivery', 'scheduled', 'pickup' as const),
        fc.integer({ min: 0, max: 50_000 }),
        (lines, rates, date, orderType, fixedOff) => {
          const pricing = priceCart({
            lines,
            promotion: {
              promoCode: 'OFF',
              discountType: 'fixed',
              discountAmount: fixedOff / 100,
              applicableCategories: [],
              isBogo50: false,
            },
            orderType,
            tax: { ruleSet: CA, date, rates },
          });
          for (const t of pricing.taxes) expect(t.amountCents).toBeGreaterThanOrEqual(0);
          expect(pricing.totalCents).toBe(
            pricing.subtotalCents -
              pricing.discountCents +
              pricing.feeCents +
              totalTaxCents(pricing.taxes),
          );
        },
      ),
    );
  });
});
