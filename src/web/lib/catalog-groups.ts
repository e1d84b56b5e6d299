import { MENU_UNKNOWN_SORT_ORDER } from '@shared/constants';
import type { Category } from '@shared/schemas/categories';
import type { Product } from '@shared/schemas/products';
import { subcategoryLabel } from '@shared/slugs';

export interface SubcategoryGroup {
  /** subcategory slug, or null for General */
  slug: string | null;
  label: string;
  products: Product[];
}

export interface CategoryGroup {
  slug: string;
  name: string;
  subgroups: SubcategoryGroup[];
}

export function isTopLevel(category: Pick<Category, 'parentId'>): boolean {
  return category.parentId === null || category.parentId === 0;
}

/** Top-level categories in display order (sortOrder ascending, then name). */
export function topLevelCategories(categories: readonly Category[]): Category[] {
  return categories
    .filter(isTopLevel)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name, 'en'));
}

function titleCase(slug: string): string {
  return slug.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

/**
 * Products grouped by category then subcategory (spec §2.3, §2.4), both ordered by
 * the category table's sortOrder (999 when unknown); a missing subcategory reads General.
 */
export function groupProducts(
  products: readonly Product[],
  categories: readonly Category[],
  sortWithin?: (a: Product, b: Product) => number,
): CategoryGroup[] {
  const bySlug = new Map(categories.map((c) => [c.slug, c]));
  const order = (slug: string | null) =>
    slug === null
      ? MENU_UNKNOWN_SORT_ORDER
      : (bySlug.get(slug)?.sortOrder ?? MENU_UNKNOWN_SORT_ORDER);

  const groups = new Map<string, Map<string | null, Product[]>>();
  for (const product of products) {
    const sub = groups.get(product.category) ?? new Map<string | null, Product[]>();
    groups.set(product.category, sub);
    const key = product.subcategory || null;
    sub.set(key, [...(sub.get(key) ?? []), product]);
  }

  return [...groups.entries()]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b, 'en'))
    .map(([slug, subs]) => ({
      slug,
      name: bySlug.get(slug)?.name ?? titleCase(slug),
      subgroups: [...subs.entries()]
        .sort(([a], [b]) => order(a) - order(b) || (a ?? '').localeCompare(b ?? '', 'en'))
        .map(([subSlug, items]) => ({
          slug: subSlug,
          label: (subSlug && bySlug.get(subSlug)?.name) || subcategoryLabel(subSlug),
          products: sortWithin ? [...items].sort(sortWithin) : items,
        })),
    }));
}

export function countCards(groups: readonly CategoryGroup[]): number {
  return groups.reduce((n, g) => n + g.subgroups.reduce((m, s) => m + s.products.length, 0), 0);
}

/** The groups cut after their first `limit` products, in display order; emptied groups are left out. */
export function firstCards(groups: readonly CategoryGroup[], limit: number): CategoryGroup[] {
  let left = limit;
  const cut: CategoryGroup[] = [];
  for (const group of groups) {
    if (left <= 0) break;
    const subgroups: SubcategoryGroup[] = [];
    for (const sub of group.subgroups) {
      if (left <= 0) break;
      subgroups.push(
        sub.products.length <= left ? sub : { ...sub, products: sub.products.slice(0, left) },
      );
      left -= sub.products.length;
    }
    cut.push(
      subgroups.length === group.subgroups.length && left >= 0 ? group : { ...group, subgroups },
    );
  }
  return cut;
}
