import { productApiPath } from '@shared/slugs';
import { readQueryBy } from '@web/lib/read-query';
import { type Product, productKeys } from './get-products';

/** Spec §8: a product without id and name is invalid. */
export function assertProduct(value: unknown): Product {
  const candidate = value as Partial<Product> | null;
  if (!candidate || typeof candidate.id !== 'number' || typeof candidate.name !== 'string') {
    throw new Error('Invalid product data received');
  }
  return candidate as Product;
}

const productRead = readQueryBy(productKeys.detail, productApiPath, assertProduct);

export const getProduct = productRead.fetch;
export const productQueryOptions = productRead.queryOptions;
export const useProduct = productRead.use;
