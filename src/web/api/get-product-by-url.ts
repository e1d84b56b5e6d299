import { productByAddressApiPath } from '@shared/slugs';
import { readQueryBy } from '@web/lib/read-query';
import { assertProduct } from './get-product';
import { productKeys } from './get-products';

const productByUrlRead = readQueryBy(productKeys.byUrl, productByAddressApiPath, assertProduct);

export const getProductByUrl = productByUrlRead.fetch;
export const productByUrlQueryOptions = productByUrlRead.queryOptions;
export const useProductByUrl = productByUrlRead.use;
