import { QUANTITY_OPTIONS } from '@shared/constants';
import { orderItemSchema } from '@shared/schemas/orders';
import fc from 'fast-check';
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

describe('stored cart lines and the order form agree', () => {
  const edge = (...values: unknown[]) => fc.constantFrom(...values);
  const candidate = fc.record(
    {
      id: edge(1, 7, 0, -3, 2.5, '7'),
      name: edge('Blue Dream', '', '   ', 'x'.repeat(200), 'x'.repeat(201), 42),
      price: edge(45, 0, -1, -2, 1_000_000, 1_000_001, Number.NaN, '45'),
      quantity: edge(...QUANTITY_OPTIONS, '2 oz', 3),
      count: edge(1, 100, 101, 0, 1.5, '2'),
      flavor: edge(undefined, 'Mango', 'y'.repeat(101), 5),
      strainType: edge(undefined, 'Indica', 'z'.repeat(51)),
    },
    { requiredKeys: ['id', 'name', 'price', 'quantity', 'count'] },
  );

  it('keeps exactly the lines the shared orderItemSchema accepts', () => {
    fc.assert(
      fc.property(candidate, (line) => {
        const kept = parseStoredCart(JSON.stringify([line])).length === 1;
        // JSON drops undefined and turns NaN into null, as the stored cart does
        const stored = JSON.parse(JSON.stringify(line));
        expect(kept).toBe(orderItemSchema.safeParse(stored).success);
      }),
      { numRuns: 2000 },
    );
  });
});
