import type { Product } from '@shared/schemas/products';
import type { ReadableAddress } from '@shared/slugs';
import { readQuery } from '@web/lib/read-query';

export type { Product };

/**
 * Every product query lives under `all`, which is also the full list: invalidating `all`
 * refreshes the list, single products and the newest arrivals, and the socket's product
 * events are applied to every entry under it.
 */
export const productKeys = {
  all: ['products'] as const,
  detail: (id: number) => ['products', 'detail', id] as const,
  byUrl: (address: ReadableAddress) =>
    [
      'products',
      'by-url',
      address.category,
      address.subcategory,
      address.strain ?? '',
      address.name,
    ] as const,
  newest: (days?: number) =>
    days === undefined
      ? (['products', 'newest'] as const)
      : (['products', 'newest', days] as const),
};

/** How long a product read stays fresh (spec §7: the list is cached 10 s); the socket keeps it current. */
export const PRODUCT_FRESH_MS = 10_000;

const productsRead = readQuery<Product[]>(productKeys.all, '/api/products', {
  staleTime: PRODUCT_FRESH_MS,
});

export const getProducts = productsRead.fetch;
export const productsQueryOptions = productsRead.queryOptions;
export const useProducts = productsRead.use;
