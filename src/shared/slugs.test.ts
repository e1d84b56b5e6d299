import { describe, expect, it } from 'vitest';
import {
  categorySlug,
  matchesReadableAddress,
  productApiPath,
  productByAddressApiPath,
  readableProductPath,
  readableSegment,
  subcategoryLabel,
} from './slugs';

const product = {
  id: 7,
  name: "Grandpa's  OG -- Kush #1",
  category: 'flower',
  subcategory: 'indoor',
  strain: 'Indica',
};

describe('readableSegment', () => {
  it('lowercases, drops symbols, turns whitespace into one hyphen and collapses hyphens', () => {
    expect(readableSegment("Grandpa's  OG -- Kush #1")).toBe('grandpas-og-kush-1');
    expect(readableSegment('  Blue Dream ')).toBe('blue-dream');
    expect(readableSegment('-Edge-')).toBe('edge');
    expect(readableSegment('Crème Brûlée')).toBe('creme-brulee');
  });
});

describe('readableProductPath', () => {
  it('includes the strain when there is one', () => {
    expect(readableProductPath(product)).toBe('/product/flower/indoor/indica/grandpas-og-kush-1');
  });

  it('leaves the strain out when none and uses general for no subcategory', () => {
    expect(
      readableProductPath({ ...product, strain: 'none', subcategory: null, category: 'edibles' }),
    ).toBe('/product/edibles/general/grandpas-og-kush-1');
  });
});

describe('matchesReadableAddress', () => {
  const address = { category: 'flower', subcategory: 'indoor', name: 'grandpas-og-kush-1' };

  it('matches its own segments', () => {
    expect(matchesReadableAddress(product, { ...address, strain: 'indica' })).toBe(true);
    expect(matchesReadableAddress(product, { ...address, strain: 'sativa' })).toBe(false);
    expect(matchesReadableAddress(product, { ...address, name: 'other' })).toBe(false);
    expect(matchesReadableAddress(product, { ...address, subcategory: 'general' })).toBe(false);
  });

  it('treats a missing or unspecified strain as any strain', () => {
    expect(matchesReadableAddress(product, address)).toBe(true);
    expect(matchesReadableAddress(product, { ...address, strain: 'unspecified' })).toBe(true);
  });

  it('matches general to no subcategory and none to no strain', () => {
    const plain = { ...product, subcategory: null, strain: 'none' };
    expect(matchesReadableAddress(plain, { ...address, subcategory: 'general' })).toBe(true);
    expect(
      matchesReadableAddress(plain, { ...address, subcategory: 'general', strain: 'none' }),
    ).toBe(true);
  });

  it('accepts percent-encoded or mixed-case segments', () => {
    expect(
      matchesReadableAddress(product, { ...address, name: "Grandpa's%20OG%20Kush%20%231" }),
    ).toBe(true);
  });
});

describe('categorySlug', () => {
  it('follows the category form rule', () => {
    expect(categorySlug('  Pre Rolls ')).toBe('pre-rolls');
    expect(categorySlug('Vapes & Carts')).toBe('vapes-and-carts');
    expect(categorySlug('Drinks!  (Cold)')).toBe('drinks-cold');
    expect(categorySlug('Flower')).toBe('flower');
  });
});

describe('subcategoryLabel', () => {
  it('shows hyphens as spaces and General for none', () => {
    expect(subcategoryLabel('live-resin')).toBe('live resin');
    expect(subcategoryLabel(null)).toBe('General');
  });
});

describe('product API paths (spec §7)', () => {
  it('builds the by-id and by-address paths the page fetches and the server preloads', () => {
    expect(productApiPath(7)).toBe('/api/products/7');
    expect(
      productByAddressApiPath({ category: 'flower', subcategory: 'top-shelf', name: 'gelato-41' }),
    ).toBe('/api/products/by-url/flower/top-shelf/gelato-41');
    expect(
      productByAddressApiPath({
        category: 'flower',
        subcategory: 'top shelf',
        strain: 'hybrid',
        name: 'gelato #41',
      }),
    ).toBe('/api/products/by-url/flower/top%20shelf/hybrid/gelato%20%2341');
  });
});
