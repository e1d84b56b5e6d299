import type { Product } from '@shared/types';

/** Spec §2.5: name, strain, category, subcategory and description, case-insensitive. */
export function searchProducts(products: readonly Product[], query: string): Product[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return products.filter((p) =>
    [p.name, p.strain, p.category, p.subcategory ?? '', p.description, ...p.strainTypes].some(
      (field) => field?.toLowerCase().includes(needle),
    ),
  );
}
