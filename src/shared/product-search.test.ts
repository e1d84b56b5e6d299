import { describe, expect, it } from 'vitest';
import { productSearchIndex, searchTerm } from './product-search';
import type { Product } from './types';

const product = (id: number, name: string, extra: Partial<Product> = {}) =>
  ({
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

describe('product search (issue 40 §3)', () => {
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
});
