import { describe, expect, it } from 'vitest';
import { stockShortfalls } from './stock-shortfall';

const blueDream = { stock: 10, flavorStocks: {} };
const gummies = { stock: 12, flavorStocks: { 'Blue Razz': 10, 'Grape Ape': 2 } };
const stockOf = (id: number) => ({ 1: blueDream, 2: gummies })[id];

describe('stock shortfalls (one rule for the cart and the checkout)', () => {
  it('names a flower line that needs more grams than are left', () => {
    const short = stockShortfalls([{ productId: 1, quantity: '1/8 Oz', count: 3 }], stockOf);
    expect(short.map(({ needed, left }) => ({ needed, left }))).toEqual([
      { needed: 10.5, left: 10 },
    ]);
  });

  it("counts a flavor's own stock, not only the product's", () => {
    const short = stockShortfalls(
      [
        { productId: 2, quantity: '1', count: 3, flavor: 'Grape Ape' },
        { productId: 2, quantity: '1', count: 3, flavor: 'Blue Razz' },
      ],
      stockOf,
    );
    expect(short).toEqual([
      {
        claim: { productId: 2, quantity: '1', count: 3, flavor: 'Grape Ape' },
        needed: 3,
        left: 2,
      },
    ]);
  });

  it('takes lines in order: a later line gets what the earlier ones left', () => {
    const short = stockShortfalls(
      [
        { productId: 1, quantity: '1/8 Oz', count: 2 },
        { productId: 1, quantity: '1/4 Oz', count: 1 },
      ],
      stockOf,
    );
    expect(short.map(({ needed, left }) => ({ needed, left }))).toEqual([{ needed: 7, left: 3 }]);
  });

  it('lets Bulk through and finds nothing left of an unknown product', () => {
    const short = stockShortfalls(
      [
        { productId: 1, quantity: 'Bulk', count: 50 },
        { productId: 9, quantity: '1', count: 1 },
      ],
      stockOf,
    );
    expect(short.map((s) => [s.claim.productId, s.left])).toEqual([[9, 0]]);
  });
});
