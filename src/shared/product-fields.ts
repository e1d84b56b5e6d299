/**
 * The product's fields (spec §3), listed once: the product form's PATCH merge, the
 * catalog spreadsheet's columns and its cell parsing all read these lists.
 */
import type { Product } from './schemas/products';

/** Dollars: the 1/8 oz (or unit) price and each weight's, each with its sale price. */
export const PRODUCT_PRICE_FIELDS = [
  'price',
  'salePrice',
  'priceQuarter',
  'salePriceQuarter',
  'priceHalf',
  'salePriceHalf',
  'priceOunce',
  'salePriceOunce',
] as const satisfies readonly (keyof Product)[];

export const PRODUCT_TEXT_FIELDS = [
  'name',
  'category',
  'subcategory',
  'description',
  'strain',
] as const satisfies readonly (keyof Product)[];

/** Grams one unit counts toward the daily purchase limits. */
export const PRODUCT_LIMIT_FIELDS = [
  'cannabisGrams',
  'concentrateGrams',
] as const satisfies readonly (keyof Product)[];

export const PRODUCT_LIST_FIELDS = [
  'strainTypes',
  'flavors',
  'media',
  'effects',
] as const satisfies readonly (keyof Product)[];

/** A product's facts: free text, numbers, and enum words, each one spreadsheet cell. */
export const PRODUCT_FACT_TEXT_FIELDS = [
  'brand',
  'potencyUnit',
  'servingName',
  'netUnit',
  'labDocument',
  'labName',
  'labTestedOn',
] as const satisfies readonly (keyof Product)[];
export const PRODUCT_FACT_NUMBER_FIELDS = [
  'thc',
  'thcPerServing',
  'cbd',
  'cbdPerServing',
  'netAmount',
] as const satisfies readonly (keyof Product)[];

/** Every field a dealer may set, in the order of the product form; id and createdAt are the server's. */
export const PRODUCT_FIELDS = [
  'name',
  'category',
  'subcategory',
  'description',
  ...PRODUCT_PRICE_FIELDS,
  'stock',
  ...PRODUCT_LIMIT_FIELDS,
  'cannabis',
  'featured',
  'strain',
  'strainTypes',
  'flavors',
  'flavorStrains',
  'flavorStocks',
  'media',
  'brand',
  'potencyUnit',
  'thc',
  'thcPerServing',
  'cbd',
  'cbdPerServing',
  'servingName',
  'netAmount',
  'netUnit',
  'effects',
  'labDocument',
  'labName',
  'labTestedOn',
] as const satisfies readonly (keyof Product)[];
export type ProductField = (typeof PRODUCT_FIELDS)[number];

// A field added to Product but not listed above fails to compile here.
type Unlisted = Exclude<keyof Product, ProductField | 'id' | 'createdAt'>;
const everyFieldListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyFieldListed;
