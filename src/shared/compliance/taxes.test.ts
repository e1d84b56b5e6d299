import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartLineArb, promotionArb } from '../../../test/pricing-properties';
import { type AppliedPromotion, type PricingLine, priceCart } from '../pricing';
import { RULE_SETS } from './rule-sets';
import { orderTaxes, percentOfCents, taxLines, totalTaxCents } from './taxes';

const CA = RULE_SETS['US-CA'];
const noLocal = { salesTaxPercent: 9.5, localTaxPercent: null };
const goods = (cannabisGoodsCents: number, feeCents = 0, nonCannabisGoodsCents = 0) => ({
  date: '2026-11-24',
  cannabisGoodsCents,
  nonCannabisGoodsCents,
  feeCents,
});
const amounts = (lines: { name: string; amountCents: number }[]) =>
  lines.map((line) => [line.name, line.amountCents]);

describe("CDTFA's worked example (Tax Facts for Cannabis Businesses)", () => {
  // $35.00 of cannabis, $5.00 delivery in the shop's vehicle, 10% local cannabis tax passed on,
  // 15% excise, 8.5% sales tax
  const rates = { salesTaxPercent: 8.5, localTaxPercent: 10 };

  it('local 3.50, excise base 43.50, excise 6.53, sales base 50.03, sales 4.25: $54.28', () => {
    const taxes = orderTaxes(CA, goods(3_500, 500), rates);
    expect(taxes.lines).toEqual([
      { name: 'Local cannabis business tax', ratePercent: 10, amountCents: 350 },
      { name: 'Cannabis excise tax', ratePercent: 15, amountCents: 653 },
      { name: 'Sales tax', ratePercent: 8.5, amountCents: 425 },
    ]);
    expect(taxes.bases).toEqual({ localTax: 3_500, exciseTax: 4_350, salesTax: 5_003 });
  });

  it('priceCart charges $54.28 for the same order', () => {
    const pricing = priceCart({
      lines: [
        {
          productId: 1,
          category: 'flower',
          quantity: '1/8 Oz',
          count: 1,
          unitPriceCents: 3_500,
          cannabis: true,
        },
      ],
      promotion: null,
      orderType: 'delivery',
      delivery: { feeCents: 500, minimumCents: 0, freeDeliveryOverCents: null },
      tax: { ruleSet: CA, date: '2026-11-27', rates },
    });
    expect(pricing.taxBases).toEqual({ localTax: 3_500, exciseTax: 4_350, salesTax: 5_003 });
    expect(pricing.taxCents).toBe(1_428);
    expect(pricing.totalCents).toBe(5_428);
  });
});

describe('US-CA taxes, worked examples', () => {
  it('$100 of goods + $5 fee: excise 15% of $105 = $15.75, sales 9.5% of $120.75 = $11.47', () => {
    expect(taxLines(CA, goods(10_000, 500), noLocal)).toEqual([
      { name: 'Cannabis excise tax', ratePercent: 15, amountCents: 1575 },
      { name: 'Sales tax', ratePercent: 9.5, amountCents: 1147 },
    ]);
  });

  it('takes the excise rate in force on the order date (AB 564)', () => {
    const excise = (date: string) => taxLines(CA, { ...goods(10_000), date }, noLocal)[0];
    expect(excise('2025-06-30')).toMatchObject({ ratePercent: 15, amountCents: 1500 });
    expect(excise('2025-07-01')).toMatchObject({ ratePercent: 19, amountCents: 1900 });
    expect(excise('2025-09-30')).toMatchObject({ ratePercent: 19, amountCents: 1900 });
    expect(excise('2025-10-01')).toMatchObject({ ratePercent: 15, amountCents: 1500 });
  });

  it('charges a pipe sales tax alone, and no excise or local tax on its delivery', () => {
    const rates = { salesTaxPercent: 8.625, localTaxPercent: 10 };
    // $40 flower, $20 pipe, $5 fee: local 4.00; excise 15% of 49.00 = 7.35;
    // sales 8.625% of 49.00 + 7.35 + 20.00 = 76.35 -> 6.5851875 -> 6.59
    expect(amounts(taxLines(CA, goods(4_000, 500, 2_000), rates))).toEqual([
      ['Local cannabis business tax', 400],
      ['Cannabis excise tax', 735],
      ['Sales tax', 659],
    ]);
    // the pipe alone: sales 8.625% of 20.00 = 1.725 -> 1.73; the fee delivers no cannabis
    expect(amounts(taxLines(CA, goods(0, 500, 2_000), rates))).toEqual([
      ['Local cannabis business tax', 0],
      ['Cannabis excise tax', 0],
      ['Sales tax', 173],
    ]);
  });

  it('rounds each line half up to the cent, with rates in thousandths of a percent', () => {
    expect(percentOfCents(10, 15)).toBe(2); // 1.5 -> 2
    expect(percentOfCents(3, 15)).toBe(0); // 0.45 -> 0
    expect(percentOfCents(1_050, 9.5)).toBe(100); // 99.75 -> 100
    expect(percentOfCents(12_345, 7.25)).toBe(895); // 895.0125
    expect(percentOfCents(10_000, 9.125)).toBe(913); // 912.5 -> 913
    expect(percentOfCents(5_000, 9.125)).toBe(456); // 456.25
    expect(percentOfCents(200, 0.125)).toBe(0); // 0.25
    expect(percentOfCents(400, 0.125)).toBe(1); // 0.5 -> 1
  });

  it('the rule set none has no tax lines', () => {
    const taxes = orderTaxes(RULE_SETS.none, goods(10_000, 500, 2_000), noLocal);
    expect(taxes).toEqual({ lines: [], bases: {} });
  });
});

describe('priceCart with taxes', () => {
  const line = (cents: number, cannabis = true): PricingLine => ({
    productId: cannabis ? 1 : 2,
    category: cannabis ? 'flower' : 'accessories',
    quantity: cannabis ? '1/8 Oz' : '1',
    count: 1,
    unitPriceCents: cents,
    cannabis,
  });
  const tax = { ruleSet: CA, date: '2026-11-24', rates: noLocal };

  it('totals $100 + $5 fee as $132.22 with the two lines', () => {
    const pricing = priceCart({
      lines: [line(10_000)],
      promotion: null,
      orderType: 'delivery',
      tax,
    });
    expect(pricing.taxCents).toBe(2_722);
    expect(pricing.totalCents).toBe(13_222);
  });

  it('splits a discount over the cannabis and the accessories before taxing them', () => {
    const pricing = priceCart({
      lines: [line(6_000), line(2_000, false)],
      promotion: {
        promoCode: 'TEN',
        discountType: 'fixed',
        discountAmount: 10,
        applicableCategories: [],
        isBogo50: false,
      },
      orderType: 'pickup',
      tax,
    });
    // $10 off $80: $7.50 on the flower, $2.50 on the pipe
    expect(pricing.goodsParts).toEqual({ cannabisCents: 5_250, nonCannabisCents: 1_750 });
    // excise 15% of 52.50 = 7.875 -> 7.88; sales 9.5% of 52.50 + 7.88 + 17.50 = 77.88 -> 7.40
    expect(pricing.taxBases).toEqual({ exciseTax: 5_250, salesTax: 7_788 });
    expect(amounts(pricing.taxes)).toEqual([
      ['Cannabis excise tax', 788],
      ['Sales tax', 740],
    ]);
  });

  it('without a rule set the spec total stands: $100 + $5 = $105', () => {
    const pricing = priceCart({ lines: [line(10_000)], promotion: null, orderType: 'delivery' });
    expect(pricing.taxes).toEqual([]);
    expect(pricing.totalCents).toBe(10_500);
  });
});

describe('tax bases, for any cart (properties)', () => {
  const lineArb = fc.tuple(cartLineArb(50_000, 4), fc.boolean()).map(([line, flagged]) => {
    // an absent flag is cannabis
    const { cannabis, ...unflagged } = line;
    return cannabis && !flagged ? unflagged : line;
  });
  const rateArb = fc.option(
    fc.integer({ min: 0, max: 15_000 }).map((thousandths) => thousandths / 1000),
    { nil: null },
  );
  const cartArb = fc.record({
    lines: fc.array(lineArb, { maxLength: 6 }),
    promotion: fc.option<AppliedPromotion>(promotionArb(100), { nil: null }),
    orderType: fc.constantFrom('delivery', 'scheduled', 'pickup' as const),
    salesTaxPercent: rateArb,
    localTaxPercent: rateArb,
    date: fc.constantFrom('2024-01-01', '2025-08-15', '2026-11-24'),
  });
  type CartInput = typeof cartArb extends fc.Arbitrary<infer T> ? T : never;
  const priced = (cart: CartInput) =>
    priceCart({
      lines: cart.lines,
      promotion: cart.promotion,
      orderType: cart.orderType,
      tax: {
        ruleSet: CA,
        date: cart.date,
        rates: { salesTaxPercent: cart.salesTaxPercent, localTaxPercent: cart.localTaxPercent },
      },
    });

  it('no base or tax is negative, and the parts add up to the goods and the total', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const pricing = priced(cart);
        const { cannabisCents, nonCannabisCents } = pricing.goodsParts;
        expect(Math.min(cannabisCents, nonCannabisCents)).toBeGreaterThanOrEqual(0);
        expect(cannabisCents + nonCannabisCents).toBe(
          pricing.subtotalCents - pricing.discountCents,
        );
        for (const base of Object.values(pricing.taxBases)) expect(base).toBeGreaterThanOrEqual(0);
        for (const t of pricing.taxes) expect(t.amountCents).toBeGreaterThanOrEqual(0);
        expect(pricing.totalCents).toBe(
          pricing.subtotalCents -
            pricing.discountCents +
            pricing.feeCents +
            totalTaxCents(pricing.taxes),
        );
      }),
    );
  });

  it('excise base = cannabis goods + the fee + the local tax; sales base = it + excise + the rest', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const pricing = priced(cart);
        const amountOf = (name: string) =>
          pricing.taxes.find((t) => t.name === name)?.amountCents ?? 0;
        const { cannabisCents, nonCannabisCents } = pricing.goodsParts;
        const fee = cannabisCents > 0 ? pricing.feeCents : 0;
        const exciseBase = pricing.taxBases.exciseTax ?? 0;
        expect(exciseBase).toBe(cannabisCents + fee + amountOf('Local cannabis business tax'));
        expect(exciseBase).toBeGreaterThanOrEqual(cannabisCents + fee);
        if (pricing.taxBases.salesTax !== undefined)
          expect(pricing.taxBases.salesTax).toBe(
            exciseBase + amountOf('Cannabis excise tax') + nonCannabisCents,
          );
      }),
    );
  });

  it('a cart of only accessories pays no excise and no local tax', () => {
    const accessories = cartArb.map((cart) => ({
      ...cart,
      lines: cart.lines.map((line) => ({ ...line, category: 'accessories', cannabis: false })),
    }));
    fc.assert(
      fc.property(accessories, (cart) => {
        const pricing = priced(cart);
        const cannabisTaxes = pricing.taxes.filter((t) => t.name !== 'Sales tax');
        for (const t of cannabisTaxes) expect(t.amountCents).toBe(0);
        expect(pricing.taxBases.exciseTax ?? 0).toBe(0);
        expect(pricing.taxCents).toBe(
          percentOfCents(pricing.goodsParts.nonCannabisCents, cart.salesTaxPercent ?? 0),
        );
      }),
    );
  });

  it('under the rule set none every total is the spec total', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const withNone = priceCart({
          lines: cart.lines,
          promotion: cart.promotion,
          orderType: cart.orderType,
          tax: { ruleSet: RULE_SETS.none, date: cart.date, rates: noLocal },
        });
        const spec = priceCart({
          lines: cart.lines,
          promotion: cart.promotion,
          orderType: cart.orderType,
        });
        expect(withNone.taxes).toEqual([]);
        expect(withNone.totalCents).toBe(spec.totalCents);
        expect(withNone.totalCents).toBe(
          withNone.subtotalCents - withNone.discountCents + withNone.feeCents,
        );
      }),
    );
  });
});
