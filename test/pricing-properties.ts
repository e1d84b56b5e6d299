/** Arbitraries the tax property tests (src/shared/compliance) draw their carts from. */

import fc from 'fast-check';
import type { AppliedPromotion, PricingLine } from '../src/shared/pricing';

/** A cart line of up to `maxCount` units at up to `maxCents`: an eighth of flower, or one accessory. */
export function cartLineArb(maxCents: number, maxCount: number): fc.Arbitrary<PricingLine> {
  return fc
    .record({
      cents: fc.integer({ min: 0, max: maxCents }),
      count: fc.integer({ min: 1, max: maxCount }),
      cannabis: fc.boolean(),
    })
    .map(({ cents, count, cannabis }) => ({
      productId: 1,
      category: cannabis ? 'flower' : 'accessories',
      quantity: cannabis ? '1/8 Oz' : '1',
      count,
      unitPriceCents: cents,
      cannabis,
    }));
}

/** A fixed or percentage promotion (never BOGO50) of up to `maxAmount`, on all, flower or accessories. */
export function promotionArb(maxAmount: number): fc.Arbitrary<AppliedPromotion> {
  return fc.record({
    promoCode: fc.constant('OFF'),
    discountType: fc.constantFrom<'fixed' | 'percentage'>('fixed', 'percentage'),
    discountAmount: fc.integer({ min: 0, max: maxAmount * 100 }).map((x100) => x100 / 100),
    applicableCategories: fc.constantFrom<string[]>([], ['flower'], ['accessories']),
    isBogo50: fc.constant(false),
  });
}
