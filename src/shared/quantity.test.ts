import { describe, expect, it } from 'vitest';
import {
  canAddToCart,
  defaultQuantity,
  isPrerollProduct,
  isQuantityOption,
  isSoldByWeight,
  offeredQuantities,
  quantityOptionsFor,
  stockColor,
  stockLabel,
  stockNeeded,
  unitsInCartFor,
} from './quantity';

const flower = { category: 'flower', subcategory: 'indoor', name: 'Blue Dream' };
const preroll = { category: 'flower', subcategory: 'prerolls', name: 'Blue Dream Joint' };
const edible = { category: 'edibles', subcategory: null, name: 'Gummies' };

describe('product kinds', () => {
  it('recognises prerolls by category, subcategory or name', () => {
    expect(isPrerollProduct({ category: 'prerolls', subcategory: null })).toBe(true);
    expect(isPrerollProduct({ category: 'pre-rolls', subcategory: null })).toBe(true);
    expect(isPrerollProduct({ category: 'flower', subcategory: 'Pre-Rolls' })).toBe(true);
    expect(isPrerollProduct({ category: 'flower', subcategory: null, name: 'OG Preroll' })).toBe(
      true,
    );
    expect(isPrerollProduct({ category: 'flower', subcategory: null, name: 'OG Pre-roll' })).toBe(
      true,
    );
    expect(isPrerollProduct(flower)).toBe(false);
  });

  it('sells only flower (not prerolls) by weight', () => {
    expect(isSoldByWeight(flower)).toBe(true);
    expect(isSoldByWeight(preroll)).toBe(false);
    expect(isSoldByWeight(edible)).toBe(false);
  });
});

describe('quantity options', () => {
  it('offers flower sizes for flower and unit counts for the rest, prerolls included', () => {
    expect(quantityOptionsFor(flower)).toEqual(['1/8 Oz', '1/4 Oz', '1/2 Oz', '1 Oz', 'Bulk']);
    expect(quantityOptionsFor(preroll)).toEqual(['1', '2', '3', '4', '5', '10', 'Bulk']);
    expect(quantityOptionsFor(edible)).toEqual(['1', '2', '3', '4', '5', '10', 'Bulk']);
  });

  it('accepts exactly the eleven quantity labels', () => {
    for (const label of [
      '1/8 Oz',
      '1/4 Oz',
      '1/2 Oz',
      '1 Oz',
      'Bulk',
      '1',
      '2',
      '3',
      '4',
      '5',
      '10',
    ]) {
      expect(isQuantityOption(label)).toBe(true);
    }
    for (const bad of ['6', '1/16 Oz', 'bulk', '', 1, null, undefined]) {
      expect(isQuantityOption(bad)).toBe(false);
    }
  });

  it('defaults to 1/8 Oz for flower and 1 for other goods and prerolls', () => {
    expect(defaultQuantity(flower)).toBe('1/8 Oz');
    expect(defaultQuantity(preroll)).toBe('1');
    expect(defaultQuantity(edible)).toBe('1');
  });
});

describe('stockNeeded', () => {
  it('maps flower sizes to grams times count', () => {
    expect(stockNeeded('1/8 Oz')).toBe(3.5);
    expect(stockNeeded('1/4 Oz')).toBe(7);
    expect(stockNeeded('1/2 Oz')).toBe(14);
    expect(stockNeeded('1 Oz')).toBe(28);
    expect(stockNeeded('1/8 Oz', 3)).toBe(10.5);
  });

  it('uses the numeric quantity times count for units, and 0 for Bulk', () => {
    expect(stockNeeded('1')).toBe(1);
    expect(stockNeeded('10', 2)).toBe(20);
    expect(stockNeeded('Bulk', 5)).toBe(0);
  });
});

describe('offeredQuantities', () => {
  it('offers 1/8 and 1/4 Oz but not 1/2 Oz for 10 g of flower (spec example)', () => {
    expect(offeredQuantities({ ...flower, stock: 10 })).toEqual(['1/8 Oz', '1/4 Oz', 'Bulk']);
  });

  it('counts what the cart already uses', () => {
    expect(offeredQuantities({ ...flower, stock: 10 }, 3.5)).toEqual(['1/8 Oz', 'Bulk']);
    expect(offeredQuantities({ ...edible, stock: 5 }, 1)).toEqual(['1', '2', '3', '4', 'Bulk']);
  });

  it('always offers Bulk, even with no stock', () => {
    expect(offeredQuantities({ ...flower, stock: 0 })).toEqual(['Bulk']);
    expect(offeredQuantities({ ...edible, stock: 0 })).toEqual(['Bulk']);
  });

  it('offers an option that uses the stock exactly', () => {
    expect(offeredQuantities({ ...flower, stock: 28 })).toContain('1 Oz');
  });
});

describe('stock label and colour', () => {
  it('labels stock as the spec says', () => {
    expect(stockLabel(0)).toBe('Out of stock');
    expect(stockLabel(-2)).toBe('Out of stock');
    expect(stockLabel(4)).toBe('Low stock');
    expect(stockLabel(5)).toBe('In stock');
  });

  it('colours 10 or less red, 20 or less yellow, above green', () => {
    expect(stockColor(10)).toBe('red');
    expect(stockColor(11)).toBe('yellow');
    expect(stockColor(20)).toBe('yellow');
    expect(stockColor(21)).toBe('green');
  });
});

describe('canAddToCart', () => {
  it('allows an addition the stock covers', () => {
    expect(
      canAddToCart({ product: { stock: 7 }, quantity: '1/8 Oz', count: 1, usedInCart: 3.5 }),
    ).toEqual({ ok: true });
  });

  it('refuses when cart use plus need exceeds stock', () => {
    expect(
      canAddToCart({ product: { stock: 10 }, quantity: '1/4 Oz', count: 1, usedInCart: 3.5 }),
    ).toEqual({ ok: false, reason: 'not-enough-stock' });
    expect(canAddToCart({ product: { stock: 3 }, quantity: '2', count: 2, usedInCart: 0 })).toEqual(
      { ok: false, reason: 'not-enough-stock' },
    );
  });

  it('refuses when stock is 0 or less', () => {
    expect(canAddToCart({ product: { stock: 0 }, quantity: '1', count: 1, usedInCart: 0 })).toEqual(
      { ok: false, reason: 'out-of-stock' },
    );
    expect(canAddToCart({ product: { stock: -1 }, quantity: '1/8 Oz' })).toEqual({
      ok: false,
      reason: 'out-of-stock',
    });
  });

  it('never limits Bulk', () => {
    expect(
      canAddToCart({ product: { stock: 0 }, quantity: 'Bulk', count: 9, usedInCart: 50 }),
    ).toEqual({ ok: true });
  });
});

describe('unitsInCartFor', () => {
  const cart = [
    { id: 1, quantity: '1/8 Oz' as const, count: 2, strainType: 'Indica' },
    { id: 1, quantity: '1 Oz' as const, count: 1, strainType: 'Sativa' },
    { id: 1, quantity: 'Bulk' as const, count: 3 },
    { id: 2, quantity: '5' as const, count: 2 },
  ];

  it('sums grams or units of one product', () => {
    expect(unitsInCartFor(cart, 1)).toBe(35);
    expect(unitsInCartFor(cart, 2)).toBe(10);
    expect(unitsInCartFor(cart, 3)).toBe(0);
  });

  it('narrows to one strain type when given', () => {
    expect(unitsInCartFor(cart, 1, 'Indica')).toBe(7);
    expect(unitsInCartFor(cart, 1, 'Sativa')).toBe(28);
  });
});
