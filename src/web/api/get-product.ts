import { productApiPath } from '@shared/slugs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { type Product, productKeys } from './get-products';

/** Spec §8: a product without id and name is invalid. */
export function assertProduct(value: unknown): Product {
  const candidate = value as Partial<Product> | null;
  if (!candidate || typeof candidate.id !== 'number' || typeof candidate.name !== 'string') {
    throw new Error('Invalid product data received');
  }
  return candidate as Product;
}

export async function getProduct(id: number): Promise<Product> {
  return assertProduct(await apiFetch<unknown>(productApiPath(id)));
}

export const productQueryOptions = (id: number) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: () => getProduct(id) });

export function useProduct(id: number, enabled = true) {
  return useQuery({ ...productQueryOptions(id), enabled });
}
