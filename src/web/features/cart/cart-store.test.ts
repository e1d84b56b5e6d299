import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sent = vi.hoisted(() => [] as [string, unknown][]);
vi.mock('@web/lib/realtime-connection', () => ({
  realtime: () => ({ send: (type: string, data: unknown) => sent.push([type, data]) }),
}));

import {
  addToCart,
  cartCount,
  clearCart,
  decrementLine,
  getCart,
  incrementLine,
  parseStoredCart,
  removeLine,
} from './cart-store';

const gelato = { id: 2, name: 'Gelato #41', price: 48, quantity: '1/8 Oz' as const };

describe('cart store (spec §3, §4)', () => {
  beforeEach(() => {
    // node has no localStorage: the storage helpers log and carry on, which is what we want here
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    clearCart();
  });
  afterEach(() => vi.restoreAllMocks());

  it('adds one to the same line identity and opens a new line otherwise', () => {
    addToCart(gelato);
    addToCart(gelato);
    addToCart({ ...gelato, quantity: '1/4 Oz', price: 91.2 });
    addToCart({ ...gelato, flavor: '' });
    expect(getCart().map((l) => [l.quantity, l.count])).toEqual([
      ['1/8 Oz', 3],
      ['1/4 Oz', 1],
    ]);
    addToCart({ ...gelato, strainType: 'Indica' });
    expect(getCart()).toHaveLength(3);
    expect(cartCount(getCart())).toBe(5);
  });

  it('decrements, removes at zero, and refuses a mismatched index', () => {
    addToCart(gelato);
    addToCart(gelato);
    expect(decrementLine(0, 999)).toBe(false);
    expect(decrementLine(0, gelato.id)).toBe(true);
    expect(getCart()[0].count).toBe(1);
    expect(decrementLine(0, gelato.id)).toBe(true);
    expect(getCart()).toEqual([]);
    expect(decrementLine(0, gelato.id)).toBe(false);
  });

  it('increments and removes whole lines by index and id', () => {
    addToCart(gelato);
    expect(incrementLine(0, gelato.id)).toBe(true);
    expect(getCart()[0].count).toBe(2);
    expect(removeLine(0, 1)).toBe(false);
    expect(removeLine(0, gelato.id)).toBe(true);
    expect(getCart()).toEqual([]);
  });

  it('discards invalid stored items and resets a corrupted cart', () => {
    const valid = { ...gelato, count: 2 };
    const stored = JSON.stringify([
      valid,
      { id: 3, name: 'x' },
      { ...valid, quantity: '7 Oz' },
      null,
    ]);
    expect(parseStoredCart(stored)).toEqual([valid]);
    expect(parseStoredCart('{"not":"an array"}')).toEqual([]);
    expect(parseStoredCart('not json')).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
  });

  it('tells the real-time channel what goes in and out of the cart (spec §7)', () => {
    sent.length = 0;
    addToCart({ ...gelato, strainType: 'Hybrid' });
    addToCart({ ...gelato, strainType: 'Hybrid' });
    expect(decrementLine(0, gelato.id)).toBe(true);
    expect(sent).toEqual([
      ['add-to-cart', { id: 2, quantity: '1/8 Oz', strainType: 'Hybrid' }],
      ['add-to-cart', { id: 2, quantity: '1/8 Oz', strainType: 'Hybrid' }],
    ]);
    expect(decrementLine(0, gelato.id)).toBe(true);
    expect(sent.at(-1)).toEqual([
      'remove-from-cart',
      { id: 2, quantity: '1/8 Oz', strainType: 'Hybrid' },
    ]);
    addToCart({ ...gelato, flavor: 'Mango' });
    expect(removeLine(0, gelato.id)).toBe(true);
    expect(sent.at(-1)).toEqual([
      'remove-from-cart',
      { id: 2, quantity: '1/8 Oz', flavor: 'Mango' },
    ]);
    expect(sent).toHaveLength(5);
  });
});
