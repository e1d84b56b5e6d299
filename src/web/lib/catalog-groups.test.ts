import type { Category } from '@shared/schemas/categories';
import type { Product } from '@shared/schemas/products';
import { describe, expect, it } from 'vitest';
import { countCards, firstCards, groupProducts } from './catalog-groups';

const product = (id: number, category: string, subcategory: string | null): Product =>
  ({
    id,
    name: `P${id}`,
    category,
    subcategory,
    price: 10,
    stock: 5,
    media: [],
  }) as unknown as Product;

const categories = [
  { id: 1, slug: 'flower', name: 'Flower', parentId: null, sortOrder: 1 },
  { id: 2, slug: 'edibles', name: 'Edibles', parentId: null, sortOrder: 2 },
] as unknown as Category[];

const groups = groupProducts(
  [
    product(1, 'flower', 'indoor'),
    product(2, 'flower', 'indoor'),
    product(3, 'flower', null),
    product(4, 'edibles', 'gummies'),
    product(5, 'edibles', 'gummies'),
  ],
  categories,
);
const ids = (cut: ReturnType<typeof firstCards>) =>
  cut.map((g) => [g.slug, g.subgroups.map((s) => s.products.map((p) => p.id))]);

describe('firstCards', () => {
  it('keeps the first cards in display order, across sections and subsections', () => {
    expect(ids(firstCards(groups, 4))).toEqual([
      ['flower', [[3], [1, 2]]],
      ['edibles', [[4]]],
    ]);
    expect(ids(firstCards(groups, 2))).toEqual([['flower', [[3], [1]]]]);
    expect(firstCards(groups, 0)).toEqual([]);
    expect(countCards(groups)).toBe(5);
    expect(countCards(firstCards(groups, 4))).toBe(4);
  });

  it('hands back whole groups unchanged, so their grids need no redraw', () => {
    const cut = firstCards(groups, 4);
    expect(cut[0]).toBe(groups[0]);
    expect(cut[1]).not.toBe(groups[1]);
    expect(firstCards(groups, 99)).toEqual(groups);
    expect(firstCards(groups, 99)[1]).toBe(groups[1]);
  });
});
