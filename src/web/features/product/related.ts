import type { Product } from '@shared/schemas/products';

const hasStrain = (p: Product) => !!p.strain && p.strain !== 'none';

/**
 * Spec §4: candidates share category, subcategory or (non-none) strain with the
 * product; same strain first, then same subcategory, then the rest.
 */
export function relatedProducts(product: Product, all: readonly Product[], limit = 12): Product[] {
  const sameStrain = (p: Product) => hasStrain(product) && p.strain === product.strain;
  const sameSub = (p: Product) => !!product.subcategory && p.subcategory === product.subcategory;
  const rank = (p: Product) => (sameStrain(p) ? 0 : sameSub(p) ? 1 : 2);
  return all
    .filter((p) => p.id !== product.id)
    .filter((p) => sameStrain(p) || sameSub(p) || p.category === product.category)
    .sort((a, b) => rank(a) - rank(b) || Number(b.stock > 0) - Number(a.stock > 0))
    .slice(0, limit);
}
