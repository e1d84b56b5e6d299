import type { Product } from '@shared/schemas/products';
import type { ReadableAddress } from '@shared/slugs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

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

export function getProducts(): Promise<Product[]> {
  return apiFetch<Product[]>('/api/products');
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: productKeys.all, queryFn: getProducts, staleTime: 10_000 });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
