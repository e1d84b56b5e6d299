import type { Category } from '@shared/schemas/categories';
import { describe, expect, it } from 'vitest';
import { siblingReorder, subcategoriesOf, topLevelCategories } from './category-tree';

const cat = (id: number, parentId: number | null, sortOrder: number): Category => ({
  id,
  name: `C${id}`,
  slug: `c${id}`,
  parentId,
  description: null,
  sortOrder,
});

const list = [
  cat(1, null, 2),
  cat(2, null, 1),
  cat(3, 0, 3),
  cat(4, 1, 2),
  cat(5, 1, 1),
  cat(6, 2, 1),
];

describe('category tree (spec §2.13)', () => {
  it('orders top level (parentId null or 0) and children by sortOrder', () => {
    expect(topLevelCategories(list).map((c) => c.id)).toEqual([2, 1, 3]);
    expect(subcategoriesOf(list, 1).map((c) => c.id)).toEqual([5, 4]);
  });

  it('renumbers the sibling group 1..n after a move', () => {
    expect(siblingReorder(list, 3, 2)).toEqual([
      { id: 3, sortOrder: 1 },
      { id: 2, sortOrder: 2 },
      { id: 1, sortOrder: 3 },
    ]);
    expect(siblingReorder(list, 5, 4)).toEqual([
      { id: 4, sortOrder: 1 },
      { id: 5, sortOrder: 2 },
    ]);
  });

  it('does nothing across parents or onto itself', () => {
    expect(siblingReorder(list, 4, 6)).toBeNull();
    expect(siblingReorder(list, 4, 1)).toBeNull();
    expect(siblingReorder(list, 2, 2)).toBeNull();
  });
});
