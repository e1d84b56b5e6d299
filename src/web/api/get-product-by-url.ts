import { productByAddressApiPath } from '@shared/slugs';
import { readQueryBy } from '@web/lib/read-query';
import { assertProduct } from './get-product';
import { PRODUCT_FRESH_MS, productKeys } from './get-products';

const productByUrlRead = readQueryBy(productKeys.byUrl, productByAddressApiPath, assertProduct, {
  staleTime: PRODUCT_FRESH_MS,
});

export const getProductByUrl = productByUrlRead.fetch;
export const productByUrlQueryOptions = productByUrlRead.queryOptions;
export const useProductByUrl = productByUrlRead.use;
