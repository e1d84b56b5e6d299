import type { CartItem } from '@shared/schemas/orders';
import type { Product } from '@shared/schemas/products';
import { describe, expect, it } from 'vitest';
import { dailyLimitRefusal, orderCapRefusal } from './daily-limit-check';

const flower = { id: 1, name: 'Blue Dream', category: 'flower', subcategory: null } as Product;
const cart = { id: 2, name: 'Live Resin Cart', category: 'vapes', concentrateGrams: 1 } as Product;
const line = (product: Product, quantity: CartItem['quantity'], count = 1, price = 10) =>
  ({ id: product.id, name: product.name, price, quantity, count }) as CartItem;

describe('an add that would pass the daily limits', () => {
  const judge = (
    items: CartItem[],
    product: Product,
    quantity: CartItem['quantity'],
    jurisdiction = 'US-CA',
  ) =>
    dailyLimitRefusal({
      jurisdiction,
      shopDate: '2026-11-30',
      cart: items,
      products: [flower, cart],
      product,
      quantity,
    });

  it('refuses a 1/8 Oz on top of an ounce, free lines counted too', () => {
    expect(judge([line(flower, '1 Oz')], flower, '1/8 Oz')).toBe(
      'Daily limit reached: you can buy up to 28.5 g of flower per day, and 28.5 g is left today.',
    );
    // a free line (price 0) counts like a paid one: 14 + 7 + 3.5 fits, 14 + 14 + 3.5 does not
    const half = line(flower, '1/2 Oz');
    expect(judge([half, line(flower, '1/4 Oz', 1, 0)], flower, '1/8 Oz')).toBeNull();
    expect(judge([half, line(flower, '1/2 Oz', 1, 0)], flower, '1/8 Oz')).not.toBeNull();
  });

  it('counts concentrates on their own limit, and nothing under the rule set none', () => {
    expect(judge([line(cart, '1', 7)], cart, '1')).toBeNull();
    expect(judge([line(cart, '1', 8)], cart, '1')).toContain('8 g of concentrate per day');
    expect(judge([line(flower, '1 Oz', 3)], flower, '1 Oz', 'none')).toBeNull();
  });
});

describe('an add past the order caps', () => {
  const priced = { ...flower, price: 45, priceQuarter: null, priceHalf: null, priceOunce: null };
  const limits = { maxLineCount: 10, maxOrderSubtotal: 1000 };
  const judge = (items: CartItem[], quantity: CartItem['quantity']) =>
    orderCapRefusal({ limits, cart: items, product: priced as Product, quantity });

  it('stops a line at its count cap and the cart at the order cap', () => {
    expect(judge([line(flower, '1/8 Oz', 9, 45)], '1/8 Oz')).toBeNull();
    expect(judge([line(flower, '1/8 Oz', 10, 45)], '1/8 Oz')).toContain(
      'at most 10 of one item per order (Blue Dream)',
    );
    // another size of the same product is its own line
    expect(judge([line(flower, '1/8 Oz', 10, 45)], '1/4 Oz')).toBeNull();
    expect(judge([line(flower, '1 Oz', 4, 240)], '1/8 Oz')).toContain(
      'Orders are limited to $1,000 before discounts',
    );
  });
});
