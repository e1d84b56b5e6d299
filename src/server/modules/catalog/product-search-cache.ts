import { type ProductSearch, productSearchIndex } from '../../../shared/product-search';
import type { Product } from '../../../shared/schemas/products';

/**
 * The search index over the whole catalog. The first search after a product changes (the same
 * events that make the cached product list stale) reads the list again, and builds the index
 * again only when a name, category, flavor or description changed; so both databases answer
 * a search from the same code, and an order taking stock costs no rebuild.
 */
export function createProductSearchCache(load: () => Promise<Product[]>) {
  let current: Promise<ProductSearch> | null = null;
  // the last index built: a change that leaves every product's text as it was keeps it
  let last: ProductSearch | null = null;
  let generation = 0;

  return {
    async search(query: string): Promise<Product[]> {
      if (!current) {
        const startedAt = generation;
        current = load()
          .then((products) => {
            last = productSearchIndex(
              [...products].sort((a, b) => a.id - b.id),
              last,
            );
            return last;
          })
          .catch((error) => {
            if (generation === startedAt) current = null;
            throw error;
          });
      }
      return (await current).search(query);
    },
    invalidate(): void {
      generation += 1;
      current = null;
    },
  };
}

export type ProductSearchCache = ReturnType<typeof createProductSearchCache>;
