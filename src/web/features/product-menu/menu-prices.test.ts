import { describe, expect, it } from 'vitest';
import { aTopShelfFlower } from '../../../../test/product-fixture';
import { byPriceDescending, categoryStyle, menuPriceLine } from './menu-prices';

const base = aTopShelfFlower();

describe('Product Menu prices (spec §2.4)', () => {
  it('joins the four flower sizes with bullets, using the default multipliers', () => {
    expect(menuPriceLine(base)).toBe('1/8 $45.00 • 1/4 $85.50 • 1/2 $162.00 • 1oz $288.00');
  });

  it('shows the sale price when there is one', () => {
    expect(menuPriceLine({ ...base, salePrice: 40, priceOunce: 250 })).toBe(
      '1/8 $40.00 • 1/4 $76.00 • 1/2 $144.00 • 1oz $250.00',
    );
  });

  it('shows one price for prerolls and everything else', () => {
    expect(menuPriceLine({ ...base, category: 'prerolls', price: 9 })).toBe('$9.00');
    expect(menuPriceLine({ ...base, category: 'flower', subcategory: 'pre-rolls', price: 9 })).toBe(
      '$9.00',
    );
    expect(menuPriceLine({ ...base, category: 'edibles', price: 20, salePrice: 18 })).toBe(
      '$18.00',
    );
  });

  it('sorts highest price first and styles known categories', () => {
    const sorted = [{ ...base, price: 10 }, { ...base, price: 30 }, base].sort(byPriceDescending);
    expect(sorted.map((p) => p.price)).toEqual([45, 30, 10]);
    expect(categoryStyle('flower').emoji).toBe('🌿');
    expect(categoryStyle('pre-rolls')).toBe(categoryStyle('prerolls'));
    expect(categoryStyle('whatever').emoji).toBe('🛍️');
  });
});
