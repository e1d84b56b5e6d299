import { productApiPath } from '@shared/slugs';
import { readQueryBy } from '@web/lib/read-query';
import { PRODUCT_FRESH_MS, type Product, productKeys } from './get-products';

/** Spec §8: a product without id and name is invalid. */
export function assertProduct(value: unknown): Product {
  const candidate = value as Partial<Product> | null;
  if (!candidate || typeof candidate.id !== 'number' || typeof candidate.name !== 'string') {
    throw new Error('Invalid product data received');
  }
  return candidate as Product;
}

// fresh as long as the list: a server-rendered page does not fetch its product again as it hydrates
const productRead = readQueryBy(productKeys.detail, productApiPath, assertProduct, {
  staleTime: PRODUCT_FRESH_MS,
});

export const getProduct = productRead.fetch;
export const productQueryOptions = productRead.queryOptions;
export const useProduct = productRead.use;
