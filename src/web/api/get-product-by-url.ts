import { productByAddressApiPath, type ReadableAddress } from '@shared/slugs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { assertProduct } from './get-product';
import { type Product, productKeys } from './get-products';

export async function getProductByUrl(address: ReadableAddress): Promise<Product> {
  return assertProduct(await apiFetch<unknown>(productByAddressApiPath(address)));
}

export const productByUrlQueryOptions = (address: ReadableAddress) =>
  queryOptions({ queryKey: productKeys.byUrl(address), queryFn: () => getProductByUrl(address) });

export function useProductByUrl(address: ReadableAddress, enabled = true) {
  return useQuery({ ...productByUrlQueryOptions(address), enabled });
}
