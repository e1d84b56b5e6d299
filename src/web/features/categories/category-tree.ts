/**
 * Category Management's view of the flat category list (spec §3 categories,
 * §2.13): two levels, siblings ordered by sortOrder, reordering only within
 * one parent and renumbered 1..n.
 */
import type { Category } from '@shared/schemas/categories';

export const parentKey = (category: Pick<Category, 'parentId'>): number =>
  category.parentId ? category.parentId : 0;

export function bySortOrder(a: Category, b: Category): number {
  return a.sortOrder - b.sortOrder || a.name.localeCompare(b.name) || a.id - b.id;
}

export function topLevelCategories(categories: readonly Category[]): Category[] {
  return categories.filter((c) => parentKey(c) === 0).sort(bySortOrder);
}

export function subcategoriesOf(categories: readonly Category[], parentId: number): Category[] {
  return categories.filter((c) => c.parentId === parentId).sort(bySortOrder);
}

/**
 * The sortOrder updates for moving `activeId` onto `overId`'s place, or null when the two
 * have different parents (dropping on another parent's item does nothing) or nothing moves.
 */
export function siblingReorder(
  categories: readonly Category[],
  activeId: number,
  overId: number,
): { id: number; sortOrder: number }[] | null {
  if (activeId === overId) return null;
  const active = categories.find((c) => c.id === activeId);
  const over = categories.find((c) => c.id === overId);
  if (!active || !over || parentKey(active) !== parentKey(over)) return null;
  const siblings = categories.filter((c) => parentKey(c) === parentKey(active)).sort(bySortOrder);
  const from = siblings.findIndex((c) => c.id === activeId);
  const to = siblings.findIndex((c) => c.id === overId);
  const moved = [...siblings];
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item);
  return moved.map((c, index) => ({ id: c.id, sortOrder: index + 1 }));
}
