import { NEWEST_ARRIVALS_DAYS } from '@shared/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { PRODUCT_FRESH_MS, type Product, productKeys } from './get-products';

export async function getNewestProducts(days = NEWEST_ARRIVALS_DAYS): Promise<Product[]> {
  try {
    return await apiFetch<Product[]>(`/api/products/newest?days=${days}`);
  } catch (error) {
    // spec §8: a failed newest-products fetch shows nothing, only logged
    console.error('Failed to fetch newest products', error);
    return [];
  }
}

export const newestProductsQueryOptions = (days = NEWEST_ARRIVALS_DAYS) =>
  queryOptions({
    queryKey: productKeys.newest(days),
    queryFn: () => getNewestProducts(days),
    staleTime: PRODUCT_FRESH_MS,
  });

export function useNewestProducts(days = NEWEST_ARRIVALS_DAYS) {
  return useQuery(newestProductsQueryOptions(days));
}
