import { describe, expect, it } from 'vitest';
import { reorderPatches, sortPromotions } from './promotion-order';

describe('promotion order', () => {
  it('swaps two distinct display orders', () => {
    const list = sortPromotions([
      { id: 1, displayOrder: 2 },
      { id: 2, displayOrder: 1 },
    ]);
    expect(list.map((p) => p.id)).toEqual([2, 1]);
    expect(reorderPatches(list, 1, 0)).toEqual([
      { id: 1, displayOrder: 1 },
      { id: 2, displayOrder: 2 },
    ]);
  });

  it('renumbers when the two share a display order', () => {
    const list = [
      { id: 1, displayOrder: 999 },
      { id: 2, displayOrder: 999 },
      { id: 3, displayOrder: 999 },
    ];
    expect(reorderPatches(list, 2, 1)).toEqual([
      { id: 1, displayOrder: 1 },
      { id: 3, displayOrder: 2 },
      { id: 2, displayOrder: 3 },
    ]);
  });
});
