import { NO_FACTS } from '../src/shared/product-facts';
import type { Product } from '../src/shared/schemas/products';

/** A complete catalog product for unit tests: a $20 edible in stock unless `fields` say otherwise. */
export function aProduct(fields: Partial<Product> = {}): Product {
  return {
    id: 1,
    name: 'Product',
    category: 'edibles',
    subcategory: null,
    description: '',
    price: 20,
    salePrice: null,
    priceQuarter: null,
    salePriceQuarter: null,
    priceHalf: null,
    salePriceHalf: null,
    priceOunce: null,
    salePriceOunce: null,
    featured: false,
    media: [],
    stock: 5,
    strain: 'none',
    strainTypes: [],
    flavors: [],
    flavorStrains: {},
    flavorStocks: {},
    cannabisGrams: 0,
    concentrateGrams: 0,
    cannabis: true,
    ...NO_FACTS,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...fields,
  };
}
