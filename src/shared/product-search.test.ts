import { describe, expect, it } from 'vitest';
import { NO_FACTS } from './product-facts';
import { productSearchIndex, searchTerm } from './product-search';
import type { Product } from './schemas/products';

const product = (id: number, name: string, extra: Partial<Product> = {}) =>
  ({
    ...NO_FACTS,
    id,
    name,
    category: 'edibles',
    subcategory: null,
    description: '',
    strain: 'none',
    strainTypes: [],
    flavors: [],
    flavorStocks: {},
    stock: 10,
    ...extra,
  }) as unknown as Product;

describe('product search', () => {
  it('gives singular and plural one form', () => {
    expect(
      ['gummies', 'prerolls', 'chocolates', 'glass', 'cannabis', 'kush'].map(searchTerm),
    ).toEqual(['gummy', 'preroll', 'chocolate', 'glass', 'cannabis', 'kush']);
  });

  it('keeps its index when only stock or prices change, and answers the products as they are', () => {
    const first = productSearchIndex([product(1, 'Sour Gummies'), product(2, 'Mints')]);
    const restocked = productSearchIndex(
      [product(1, 'Sour Gummies', { stock: 0 }), product(2, 'Mints')],
      first,
    );
    expect(restocked.index).toBe(first.index);
    expect(restocked.search('gumy').map((p) => [p.name, p.stock])).toEqual([['Sour Gummies', 0]]);
    const renamed = productSearchIndex([product(1, 'Sour Chews'), product(2, 'Mints')], restocked);
    expect(renamed.index).not.toBe(first.index);
    expect(renamed.search('gummies')).toEqual([]);
  });

  it('lists a name match before a flavor match, and needs every word', () => {
    const search = productSearchIndex([
      product(1, 'Vape Cart', { flavors: ['Blue Razz'] }),
      product(2, 'Blue Razz Gummies'),
      product(3, 'Blue Dream'),
    ]);
    expect(search.search('blue razz').map((p) => p.id)).toEqual([2, 1]);
  });

  it('finds a brand after names and an effect before flavors', () => {
    const search = productSearchIndex([
      product(1, 'Sleepy Mints', { flavors: ['Peppermint'] }),
      product(2, 'Night Gummies', { brand: 'Sleepy Hollow Farms' }),
      product(3, 'Calm Drops', { effects: ['sleepy'] }),
      product(4, 'Dusk Chews', { flavors: ['Sleepy Berry'] }),
    ]);
    expect(search.search('sleepy').map((p) => p.id)).toEqual([1, 2, 3, 4]);
    expect(search.search('hollow').map((p) => p.id)).toEqual([2]);
  });
});
