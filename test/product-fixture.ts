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

/** Top-shelf Blue Dream at $45 the 1/8 Oz, 100 in stock: the Product Menu's flower. */
export function aTopShelfFlower(fields: Partial<Product> = {}): Product {
  return aProduct({
    name: 'Blue Dream',
    category: 'flower',
    subcategory: 'top-shelf',
    price: 45,
    stock: 100,
    strain: 'Hybrid',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  });
}
