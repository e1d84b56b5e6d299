import { type ProductSearch, productSearchIndex } from '../../../shared/product-search';
import type { Product } from '../../../shared/types';

/**
 * The search index over the whole catalog, built on the first search after a product changes
 * (the same events that make the cached product list stale), so a search never reads the
 * database and both databases answer it from the same code.
 */
export function createProductSearchCache(load: () => Promise<Product[]>) {
  let current: Promise<ProductSearch> | null = null;
  let generation = 0;

  return {
    async search(query: string): Promise<Product[]> {
      if (!current) {
        const startedAt = generation;
        current = load()
          .then((products) => productSearchIndex([...products].sort((a, b) => a.id - b.id)))
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
