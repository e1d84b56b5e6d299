import { describe, expect, it } from 'vitest';
import { quantityOptionsFor } from '../quantity';
import {
  BULK_OVER_LIMITS_MESSAGE,
  bulkOffered,
  cartGrams,
  countsTowardLimits,
  limitExceededMessage,
  limitLeftText,
  lineGrams,
  purchaseLimitStatus,
} from './limits';
import { RULE_SETS } from './rule-sets';

const CA = RULE_SETS['US-CA'];
const flower = { category: 'flower', subcategory: null, name: 'Blue Dream' };
const preroll = { category: 'prerolls', subcategory: null, name: 'Pre-roll', cannabisGrams: 1 };
const vape = { category: 'vapes', subcategory: null, name: 'Cart', concentrateGrams: 1 };
const infused = {
  category: 'prerolls',
  subcategory: null,
  name: 'Infused pre-roll',
  cannabisGrams: 1,
  concentrateGrams: 0.5,
};
const gummies = { category: 'edibles', subcategory: null, name: 'Gummies' };
// a hemp wick with grams entered by mistake, and flower-like merchandise: not cannabis
const wick = { ...preroll, name: 'Hemp Wick', cannabisGrams: 2, cannabis: false };
const tin = { ...flower, name: 'Stash Tin', cannabis: false };

describe('what a line counts', () => {
  it('flower counts its size by the spec gram table', () => {
    expect(lineGrams(flower, '1/8 Oz', 1)).toEqual({ cannabis: 3.5, concentrate: 0 });
    expect(lineGrams(flower, '1/4 Oz', 2)).toEqual({ cannabis: 14, concentrate: 0 });
    expect(lineGrams(flower, '1 Oz', 1)).toEqual({ cannabis: 28, concentrate: 0 });
  });

  it('unit products count their per-unit grams times units; Bulk is unknown', () => {
    expect(lineGrams(preroll, '5', 2)).toEqual({ cannabis: 10, concentrate: 0 });
    expect(lineGrams(vape, '3', 1)).toEqual({ cannabis: 0, concentrate: 3 });
    expect(lineGrams(infused, '1', 3)).toEqual({ cannabis: 3, concentrate: 1.5 });
    expect(lineGrams(gummies, '10', 1)).toEqual({ cannabis: 0, concentrate: 0 });
    expect(lineGrams(flower, 'Bulk', 1)).toBeNull();
  });

  it('a product that is not cannabis counts nothing, whatever its grams or size', () => {
    expect(lineGrams(wick, '5', 2)).toEqual({ cannabis: 0, concentrate: 0 });
    expect(lineGrams(tin, '1 Oz', 1)).toEqual({ cannabis: 0, concentrate: 0 });
    expect(lineGrams(tin, 'Bulk', 1)).toEqual({ cannabis: 0, concentrate: 0 });
    expect(countsTowardLimits(wick)).toBe(false);
    expect(countsTowardLimits(tin)).toBe(false);
    expect(countsTowardLimits({ ...preroll, cannabis: true })).toBe(true);
    expect(
      cartGrams([
        { product: flower, quantity: '1/8 Oz', count: 1 },
        { product: wick, quantity: '1', count: 3 },
        { product: tin, quantity: 'Bulk', count: 1 },
      ]),
    ).toEqual({ grams: { cannabis: 3.5, concentrate: 0 }, limitedBulk: false });
  });

  it('a cart sums exactly and flags a Bulk line of a limited product only', () => {
    const cart = cartGrams([
      { product: flower, quantity: '1 Oz', count: 1 },
      { product: flower, quantity: '1/8 Oz', count: 1 },
      { product: gummies, quantity: 'Bulk', count: 1 },
    ]);
    expect(cart).toEqual({ grams: { cannabis: 31.5, concentrate: 0 }, limitedBulk: false });
    expect(cartGrams([{ product: vape, quantity: 'Bulk', count: 1 }]).limitedBulk).toBe(true);
  });
});

describe('US-CA daily limits (DCC §15409)', () => {
  it('1 Oz + 1/8 Oz in one order is over the 28.5 g limit', () => {
    const [cannabis, concentrate] = purchaseLimitStatus(CA, '2026-11-24', {
      cannabis: 31.5,
      concentrate: 0,
    });
    expect(cannabis).toMatchObject({ limitGrams: 28.5, remainingGrams: -3, over: true });
    expect(concentrate).toMatchObject({ limitGrams: 8, remainingGrams: 8, over: false });
    expect(limitExceededMessage(cannabis)).toBe(
      'Daily limit reached: you can buy up to 28.5 g of flower per day, and 28.5 g is left today.',
    );
  });

  it('counts the earlier orders of the day: 1 Oz earlier leaves 0.5 g, so 1/8 Oz is refused', () => {
    const [cannabis] = purchaseLimitStatus(
      CA,
      '2026-11-24',
      { cannabis: 3.5, concentrate: 0 },
      { cannabis: 28, concentrate: 0 },
    );
    expect(cannabis.over).toBe(true);
    expect(limitExceededMessage(cannabis)).toContain('and 0.5 g is left today');
  });

  it('says what is left: "10.5 g of flower left today"', () => {
    const [cannabis] = purchaseLimitStatus(CA, '2026-11-24', { cannabis: 18, concentrate: 0 });
    expect(limitLeftText(cannabis)).toBe('10.5 g of flower left today');
  });

  it('has no limit before its effective date, and the rule set none has none', () => {
    expect(purchaseLimitStatus(CA, '2018-06-01', { cannabis: 100, concentrate: 100 })).toEqual([]);
    expect(
      purchaseLimitStatus(RULE_SETS.none, '2026-11-24', { cannabis: 100, concentrate: 0 }),
    ).toEqual([]);
    expect(BULK_OVER_LIMITS_MESSAGE).toMatch(/Bulk/);
  });
});

describe('Bulk on offer', () => {
  const limited = { bulkOfLimitedProducts: false };
  const free = { bulkOfLimitedProducts: true };
  it('is not offered for a product that counts toward a limit where the rules sell by stated weight', () => {
    expect(bulkOffered(flower, limited)).toBe(false);
    expect(bulkOffered(preroll, limited)).toBe(false);
    expect(quantityOptionsFor(flower, bulkOffered(flower, limited))).toEqual([
      '1/8 Oz',
      '1/4 Oz',
      '1/2 Oz',
      '1 Oz',
    ]);
  });
  it('stays for accessories, products without grams, and shops without such rules', () => {
    expect(bulkOffered(wick, limited)).toBe(true);
    expect(bulkOffered(tin, limited)).toBe(true);
    expect(bulkOffered(gummies, limited)).toBe(true);
    expect(bulkOffered(flower, free)).toBe(true);
    expect(quantityOptionsFor(flower, true)).toContain('Bulk');
  });
});
