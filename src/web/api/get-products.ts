import type { Product } from '@shared/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export function getProducts(): Promise<Product[]> {
  return apiFetch<Product[]>('/api/products');
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: ['products'], queryFn: getProducts, staleTime: 10_000 });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
