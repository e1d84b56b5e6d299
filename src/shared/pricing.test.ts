import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AppliedPromotion,
  bogo50DiscountCents,
  cartPricingLines,
  defaultTierPrices,
  isOnSale,
  lineTotalCents,
  minimumOrderMessage,
  type PricedProduct,
  type PricingLine,
  priceCart,
  regularUnitPrice,
  saleLabel,
  showsBogo50Hint,
  sizesOnSale,
  splitDiscount,
  tierPrices,
  toPricingLine,
  unitPrice,
} from './pricing';

function product(overrides: Partial<PricedProduct> = {}): PricedProduct {
  return {
    category: 'flower',
    subcategory: 'indoor',
    price: 20,
    salePrice: null,
    priceQuarter: null,
    salePriceQuarter: null,
    priceHalf: null,
    salePriceHalf: null,
    priceOunce: null,
    salePriceOunce: null,
    ...overrides,
  };
}

function line(overrides: Partial<PricingLine> = {}): PricingLine {
  return {
    productId: 1,
    category: 'edibles',
    subcategory: null,
    quantity: '1',
    count: 1,
    unitPriceCents: 1000,
    ...overrides,
  };
}

function promo(overrides: Partial<AppliedPromotion> = {}): AppliedPromotion {
  return {
    promoCode: 'SAVE',
    discountType: 'fixed',
    discountAmount: 0,
    applicableCategories: [],
    isBogo50: false,
    ...overrides,
  };
}

const oz = (cents: number, count = 1): PricingLine =>
  line({ category: 'flower', quantity: '1 Oz', unitPriceCents: cents, count });

describe('default tier prices', () => {
  it('are 1.9, 3.6 and 6.4 times the 1/8 price', () => {
    expect(defaultTierPrices(20)).toEqual({ priceQuarter: 38, priceHalf: 72, priceOunce: 128 });
    expect(defaultTierPrices(12.5).priceHalf).toBe(45);
  });

  it('round to the cent', () => {
    expect(defaultTierPrices(10.99)).toEqual({
      priceQuarter: 20.88,
      priceHalf: 39.56,
      priceOunce: 70.34,
    });
  });
});

describe('tierPrices', () => {
  it('derives missing sizes from the 1/8 price', () => {
    expect(tierPrices(product())).toEqual({
      '1/8 Oz': { regular: 20, sale: null },
      '1/4 Oz': { regular: 38, sale: null },
      '1/2 Oz': { regular: 72, sale: null },
      '1 Oz': { regular: 128, sale: null },
    });
  });

  it('uses explicit size prices and their own sale prices', () => {
    const prices = tierPrices(
      product({ salePrice: 15, priceQuarter: 35, salePriceQuarter: 30, priceOunce: 110 }),
    );
    expect(prices['1/4 Oz']).toEqual({ regular: 35, sale: 30 });
    expect(prices['1 Oz']).toEqual({ regular: 110, sale: null });
  });

  it('derives a derived size sale price from the 1/8 sale price', () => {
    expect(tierPrices(product({ salePrice: 15 }))['1/2 Oz']).toEqual({ regular: 72, sale: 54 });
  });

  it('treats a 0 size price as not set, as the product form stores it', () => {
    expect(tierPrices(product({ priceHalf: 0 }))['1/2 Oz'].regular).toBe(72);
  });
});

describe('sale marks', () => {
  it('says nothing when no size is on sale', () => {
    expect(sizesOnSale(product())).toEqual([]);
    expect(saleLabel(product())).toBeNull();
  });

  it('says ON SALE when every size is, the derived ones following the 1/8 sale', () => {
    expect(saleLabel(product({ salePrice: 15 }))).toBe('ON SALE');
  });

  it('names the one size on sale, so the 1/8 price does not look discounted', () => {
    const ounceOnly = product({ priceOunce: 320, salePriceOunce: 280 });
    expect(sizesOnSale(ounceOnly)).toEqual(['1 Oz']);
    expect(saleLabel(ounceOnly)).toBe('1 Oz on sale');
    expect(saleLabel(product({ salePrice: 15, priceOunce: 110 }))).toBe(
      '1/8 Oz, 1/4 Oz, 1/2 Oz on sale',
    );
  });

  it('says ON SALE for a unit product with a lower sale price, and ignores a higher one', () => {
    const edible = { category: 'edibles', price: 20 };
    expect(saleLabel(product({ ...edible, salePrice: 18 }))).toBe('ON SALE');
    expect(saleLabel(product({ ...edible, salePrice: 25 }))).toBeNull();
  });
});

describe('unit prices', () => {
  it('stores the sale price when present, else the regular', () => {
    const p = product({ salePrice: 15, priceQuarter: 35 });
    expect(unitPrice(p, '1/8 Oz')).toBe(15);
    expect(unitPrice(p, '1/4 Oz')).toBe(35);
    expect(unitPrice(p, '1/2 Oz')).toBe(54);
    expect(regularUnitPrice(p, '1/8 Oz')).toBe(20);
    expect(regularUnitPrice(p, '1/2 Oz')).toBe(72);
  });

  it('uses salePrice ?? price for non-flower and prerolls', () => {
    const gummies = product({ category: 'edibles', price: 12, salePrice: 10, priceOunce: 99 });
    expect(unitPrice(gummies, '2')).toBe(10);
    expect(regularUnitPrice(gummies, '2')).toBe(12);
    const joint = product({ subcategory: 'prerolls', price: 8 });
    expect(unitPrice(joint, '1')).toBe(8);
  });

  it('prices Bulk at -1', () => {
    expect(unitPrice(product(), 'Bulk')).toBe(-1);
    expect(regularUnitPrice(product(), 'Bulk')).toBe(-1);
  });

  it('is on sale when any sale price is set', () => {
    expect(isOnSale(product())).toBe(false);
    expect(isOnSale(product({ salePriceOunce: 100 }))).toBe(true);
    expect(isOnSale(product({ salePrice: 15 }))).toBe(true);
  });
});

describe('lineTotalCents', () => {
  it('multiplies flower sizes by count only', () => {
    expect(lineTotalCents({ unitPriceCents: 3800, quantity: '1/4 Oz', count: 2 })).toBe(7600);
  });

  it('multiplies unit labels by their number and count', () => {
    expect(lineTotalCents({ unitPriceCents: 500, quantity: '3', count: 2 })).toBe(3000);
  });

  it('adds nothing for Bulk or unpriced lines', () => {
    expect(lineTotalCents({ unitPriceCents: null, quantity: 'Bulk', count: 2 })).toBe(0);
    expect(lineTotalCents({ unitPriceCents: null, quantity: '1', count: 2 })).toBe(0);
  });
});

describe('freebie lines (13.7)', () => {
  const joint = { ...product({ price: 8 }), category: 'prerolls', subcategory: null, id: 7 };
  const flower = { ...product({ price: 40 }), category: 'flower', subcategory: null, id: 8 };
  const productOf = (id: number) => [joint, flower].find((p) => p.id === id);

  it('13.7 charges all but one unit of the free line, at the normal price', () => {
    expect(lineTotalCents({ unitPriceCents: 800, quantity: '10', count: 1, freebie: true })).toBe(
      7200,
    );
    expect(lineTotalCents({ unitPriceCents: 800, quantity: '1', count: 1, freebie: true })).toBe(0);
    expect(
      lineTotalCents({ unitPriceCents: 4000, quantity: '1/8 Oz', count: 3, freebie: true }),
    ).toBe(8000);
  });

  it('13.7 frees only the first price-0 line of the freebie product in its freebie size', () => {
    const lines = cartPricingLines(
      [
        { id: 8, price: 0, quantity: '1/4 Oz', count: 1 },
        { id: 8, price: 0, quantity: '1/8 Oz', count: 1 },
        { id: 8, price: 0, quantity: '1/8 Oz', count: 1 },
      ],
      productOf,
      8,
    );
    expect(lines.map((l) => [l.freebie ?? false, l.unitPriceCents])).toEqual([
      [false, 0],
      [true, 4000],
      [false, 0],
    ]);
    expect(
      cartPricingLines([{ id: 7, price: 0, quantity: '1', count: 1 }], productOf, null),
    ).toEqual([expect.objectContaining({ unitPriceCents: 0 })]);
  });
});

describe('BOGO50', () => {
  it('takes 50 + 75 = 125 off 1 Oz items priced 100, 120, 150, 200', () => {
    expect(bogo50DiscountCents([20000, 10000, 15000, 12000])).toBe(12500);
  });

  it('needs at least two units', () => {
    expect(bogo50DiscountCents([])).toBe(0);
    expect(bogo50DiscountCents([10000])).toBe(0);
  });

  it('leaves an odd most expensive unit unpaired and rounds half up per pair', () => {
    expect(bogo50DiscountCents([101, 101, 500])).toBe(51);
  });

  it('expands counts and applies only to 1 Oz lines', () => {
    const pricing = priceCart({
      lines: [oz(10000, 2), line({ category: 'flower', quantity: '1/2 Oz', unitPriceCents: 7000 })],
      promotion: promo({ promoCode: 'BOGO50', isBogo50: true }),
      orderType: 'pickup',
    });
    expect(pricing.bogo50).toEqual({
      ozItemsCount: 2,
      originalTotalCents: 20000,
      discountCents: 5000,
    });
    expect(pricing).toMatchObject({ discountCents: 5000, totalCents: 22000 });
  });

  it('shows the hint with exactly one Oz unit', () => {
    expect(showsBogo50Hint([oz(10000)])).toBe(true);
    expect(showsBogo50Hint([oz(10000, 2)])).toBe(false);
    expect(showsBogo50Hint([line()])).toBe(false);
  });
});

describe('priceCart', () => {
  it('sums line totals into the subtotal and adds the $5 delivery fee', () => {
    const pricing = priceCart({
      lines: [line({ unitPriceCents: 2000, quantity: '2' }), oz(12800)],
      promotion: null,
      orderType: 'delivery',
    });
    expect(pricing.lineTotalsCents).toEqual([4000, 12800]);
    expect(pricing).toMatchObject({ subtotalCents: 16800, feeCents: 500, totalCents: 17300 });
    expect(pricing.bogo50).toBeNull();
  });

  it('charges the fee for scheduled delivery and not for pickup', () => {
    const lines = [line({ unitPriceCents: 6000 })];
    expect(priceCart({ lines, promotion: null, orderType: 'scheduled' }).feeCents).toBe(500);
    expect(priceCart({ lines, promotion: null, orderType: 'pickup' }).feeCents).toBe(0);
  });

  it('fails the $50 minimum for a $45 delivery cart but not for pickup', () => {
    const lines = [line({ unitPriceCents: 4500 })];
    const delivery = priceCart({ lines, promotion: null, orderType: 'delivery' });
    expect(delivery.minimumApplies).toBe(true);
    expect(delivery.minimumMet).toBe(false);
    const pickup = priceCart({ lines, promotion: null, orderType: 'pickup' });
    expect(pickup.minimumApplies).toBe(false);
    expect(pickup.minimumMet).toBe(true);
  });

  it('checks the minimum after the discount', () => {
    const lines = [line({ unitPriceCents: 5500 })];
    const pricing = priceCart({
      lines,
      promotion: promo({ discountAmount: 10 }),
      orderType: 'delivery',
    });
    expect(pricing.minimumMet).toBe(false);
    expect(priceCart({ lines, promotion: null, orderType: 'delivery' }).minimumMet).toBe(true);
  });

  it('waives the minimum when any line is Bulk or unpriced', () => {
    const pricing = priceCart({
      lines: [line({ unitPriceCents: 1000 }), line({ quantity: 'Bulk', unitPriceCents: null })],
      promotion: null,
      orderType: 'delivery',
    });
    expect(pricing).toMatchObject({
      hasUnpricedItems: true,
      minimumApplies: false,
      minimumMet: true,
      subtotalCents: 1000,
    });
  });

  it('caps a fixed discount at the eligible subtotal', () => {
    const pricing = priceCart({
      lines: [line({ unitPriceCents: 1500 }), line({ category: 'flower', unitPriceCents: 9000 })],
      promotion: promo({ discountAmount: 25, applicableCategories: ['edibles'] }),
      orderType: 'pickup',
    });
    expect(pricing).toMatchObject({
      eligibleSubtotalCents: 1500,
      discountCents: 1500,
      totalCents: 9000,
    });
  });

  it('applies a percentage only to the eligible categories', () => {
    const pricing = priceCart({
      lines: [
        line({ category: 'flower', quantity: '1/8 Oz', unitPriceCents: 2000 }),
        line({ category: 'edibles', unitPriceCents: 1000, quantity: '3' }),
      ],
      promotion: promo({
        discountType: 'percentage',
        discountAmount: 15,
        applicableCategories: ['flower'],
      }),
      orderType: 'pickup',
    });
    expect(pricing).toMatchObject({
      eligibleSubtotalCents: 2000,
      discountCents: 300,
      totalCents: 4700,
    });
  });

  it('matches applicable categories by subcategory too', () => {
    const pricing = priceCart({
      lines: [line({ category: 'flower', subcategory: 'prerolls', unitPriceCents: 1000 })],
      promotion: promo({
        discountType: 'percentage',
        discountAmount: 10,
        applicableCategories: ['prerolls'],
      }),
      orderType: 'pickup',
    });
    expect(pricing.discountCents).toBe(100);
  });

  it('applies percentages to everything when no categories are listed, rounding half up', () => {
    const pricing = priceCart({
      lines: [line({ unitPriceCents: 1005 })],
      promotion: promo({ discountType: 'percentage', discountAmount: 10 }),
      orderType: 'pickup',
    });
    expect(pricing.discountCents).toBe(101);
  });

  it('gives no discount for a freebie; the free line is priced 0', () => {
    const pricing = priceCart({
      lines: [line({ unitPriceCents: 6000 }), line({ productId: 9, unitPriceCents: 0 })],
      promotion: promo({ discountType: 'freebie', freebieProductId: 9 }),
      orderType: 'delivery',
    });
    expect(pricing).toMatchObject({
      discountCents: 0,
      subtotalCents: 6000,
      totalCents: 6500,
      minimumApplies: true,
    });
  });

  it('never totals below zero', () => {
    const pricing = priceCart({
      lines: [],
      promotion: promo({ discountAmount: 10 }),
      orderType: 'pickup',
    });
    expect(pricing).toMatchObject({ totalCents: 0, discountCents: 0 });
  });
});

describe('splitDiscount', () => {
  const parts = (cannabisCents: number, nonCannabisCents: number) => ({
    cannabisCents,
    nonCannabisCents,
  });

  it('shares the discount pro rata, the smaller part rounded half up, the rest on the larger', () => {
    expect(splitDiscount(1_000, parts(6_000, 2_000))).toEqual(parts(750, 250));
    // $1.01 over $3.00 of cannabis and $1.00 of papers: 25.25 -> 25 on the papers
    expect(splitDiscount(101, parts(300, 100))).toEqual(parts(76, 25));
    // a tie: cannabis takes the rest, the papers 33.5 -> 34
    expect(splitDiscount(67, parts(100, 100))).toEqual(parts(33, 34));
    // cannabis the smaller part: 22.33 -> 22
    expect(splitDiscount(67, parts(100, 200))).toEqual(parts(22, 45));
    expect(splitDiscount(500, parts(0, 2_000))).toEqual(parts(0, 500));
    expect(splitDiscount(0, parts(0, 0))).toEqual(parts(0, 0));
  });

  it('adds up to the discount and never passes a part (property)', () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.nat(1_000_000),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (cannabis, other, fraction) => {
          const discount = Math.floor((cannabis + other) * fraction);
          const share = splitDiscount(discount, parts(cannabis, other));
          expect(share.cannabisCents + share.nonCannabisCents).toBe(discount);
          expect(share.cannabisCents).toBeGreaterThanOrEqual(0);
          expect(share.nonCannabisCents).toBeGreaterThanOrEqual(0);
          expect(share.cannabisCents).toBeLessThanOrEqual(cannabis);
          expect(share.nonCannabisCents).toBeLessThanOrEqual(other);
        },
      ),
    );
  });
});

describe('minimumOrderMessage', () => {
  it('reads exactly as the spec says', () => {
    expect(minimumOrderMessage(4500)).toBe(
      'Delivery orders require a minimum of $50. Your current total is $45.00.',
    );
  });
});

describe('toPricingLine', () => {
  const kind = { category: 'flower', subcategory: null };

  it('converts dollars to cents', () => {
    expect(toPricingLine({ id: 3, price: 38.5, quantity: '1/4 Oz', count: 2 }, kind)).toEqual({
      productId: 3,
      category: 'flower',
      subcategory: null,
      quantity: '1/4 Oz',
      count: 2,
      unitPriceCents: 3850,
      cannabis: true,
    });
    expect(
      toPricingLine({ id: 4, price: 12, quantity: '1', count: 1 }, { ...kind, cannabis: false }),
    ).toMatchObject({ unitPriceCents: 1200, cannabis: false });
  });

  it('marks Bulk and -1 prices as unpriced', () => {
    expect(
      toPricingLine({ id: 3, price: -1, quantity: 'Bulk', count: 1 }, kind).unitPriceCents,
    ).toBeNull();
    expect(
      toPricingLine({ id: 3, price: -1, quantity: '1', count: 1 }, kind).unitPriceCents,
    ).toBeNull();
  });
});
