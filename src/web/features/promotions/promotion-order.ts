import type { Promotion } from '@shared/schemas/promotions';

/** Promotions in display order: displayOrder ascending, then id. */
export function sortPromotions<P extends Pick<Promotion, 'id' | 'displayOrder'>>(
  list: readonly P[],
): P[] {
  return [...list].sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id);
}

/**
 * The PATCHes that move `list[from]` to `list[to]` (neighbours): the two
 * displayOrder values are swapped (spec §2.11). When both hold the same value
 * (e.g. the default 999) a swap changes nothing, so the list is renumbered 1..n.
 */
export function reorderPatches(
  list: readonly Pick<Promotion, 'id' | 'displayOrder'>[],
  from: number,
  to: number,
): { id: number; displayOrder: number }[] {
  const a = list[from];
  const b = list[to];
  if (!a || !b) return [];
  if (a.displayOrder !== b.displayOrder) {
    return [
      { id: a.id, displayOrder: b.displayOrder },
      { id: b.id, displayOrder: a.displayOrder },
    ];
  }
  const moved = [...list];
  moved[from] = b;
  moved[to] = a;
  return moved
    .map((p, index) => ({ id: p.id, displayOrder: index + 1, before: p.displayOrder }))
    .filter((p) => p.before !== p.displayOrder)
    .map(({ id, displayOrder }) => ({ id, displayOrder }));
}
