import { productByAddressApiPath, type ReadableAddress } from '@shared/slugs';
import type { Product } from '@shared/types';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { assertProduct } from './get-product';

export async function getProductByUrl(address: ReadableAddress): Promise<Product> {
  return assertProduct(await apiFetch<unknown>(productByAddressApiPath(address)));
}

export const productByUrlQueryOptions = (address: ReadableAddress) =>
  queryOptions({
    queryKey: [
      'products',
      'by-url',
      address.category,
      address.subcategory,
      address.strain ?? '',
      address.name,
    ],
    queryFn: () => getProductByUrl(address),
  });

export function useProductByUrl(address: ReadableAddress, enabled = true) {
  return useQuery({ ...productByUrlQueryOptions(address), enabled });
}
