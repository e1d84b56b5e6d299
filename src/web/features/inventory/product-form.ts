/**
 * The Add/Edit Product form's state and rules (spec §3 product fields, §5
 * product form): text inputs in, the API payload out. Pure, so the dialog
 * only renders and the rules stay in one place.
 */

import {
  DEFAULT_FLAVOR_STRAIN,
  STRAIN_OPTIONS,
  STRAINS,
  type Strain,
  type StrainName,
} from '@shared/constants';
import { defaultTierPrices } from '@shared/pricing';
import type { Effect, NetUnit, PotencyUnit } from '@shared/product-facts';
import { isSoldByWeight } from '@shared/quantity';
import { ownValue } from '@shared/records';
import { type Product, type ProductBody, productSchema } from '@shared/schemas/products';
import { labelledSentence, schemaResolver } from '@web/lib/form-errors';
import { toFormText } from '@web/lib/form-text';
import { z } from 'zod';

export { STRAIN_OPTIONS, STRAINS };

export interface FlavorRow {
  name: string;
  strain: StrainName;
  stock: string;
}

export interface ProductFormValues {
  name: string;
  description: string;
  category: string;
  /** '' = no subcategory */
  subcategory: string;
  price: string;
  salePrice: string;
  priceQuarter: string;
  salePriceQuarter: string;
  priceHalf: string;
  salePriceHalf: string;
  priceOunce: string;
  salePriceOunce: string;
  stock: string;
  /** grams per unit toward the daily limits; '' = 0 */
  cannabisGrams: string;
  concentrateGrams: string;
  /** unticked for accessories and merchandise: no excise, no daily limit */
  cannabis: boolean;
  strain: Strain;
  strainTypes: StrainName[];
  flavors: FlavorRow[];
  featured: boolean;
  media: string[];
  /** the product's facts, as typed ('' = not stated) */
  brand: string;
  potencyUnit: '' | PotencyUnit;
  thc: string;
  thcPerServing: string;
  cbd: string;
  cbdPerServing: string;
  servingName: string;
  netAmount: string;
  netUnit: '' | NetUnit;
  effects: Effect[];
  labDocument: string;
  labName: string;
  labTestedOn: string;
}

const EMPTY_FACTS = {
  brand: '',
  potencyUnit: '',
  thc: '',
  thcPerServing: '',
  cbd: '',
  cbdPerServing: '',
  servingName: '',
  netAmount: '',
  netUnit: '',
  effects: [],
  labDocument: '',
  labName: '',
  labTestedOn: '',
} satisfies Partial<ProductFormValues>;

export const TIER_FIELDS = [
  { label: '1/4 Oz', price: 'priceQuarter', sale: 'salePriceQuarter' },
  { label: '1/2 Oz', price: 'priceHalf', sale: 'salePriceHalf' },
  { label: '1 Oz', price: 'priceOunce', sale: 'salePriceOunce' },
] as const;

export function emptyProductForm(category = ''): ProductFormValues {
  return {
    name: '',
    description: '',
    category,
    subcategory: '',
    price: '',
    salePrice: '',
    priceQuarter: '',
    salePriceQuarter: '',
    priceHalf: '',
    salePriceHalf: '',
    priceOunce: '',
    salePriceOunce: '',
    stock: '',
    cannabisGrams: '',
    concentrateGrams: '',
    cannabis: true,
    strain: 'none',
    strainTypes: [],
    flavors: [],
    featured: false,
    media: [],
    ...EMPTY_FACTS,
  };
}

export function productFormFrom(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description ?? '',
    category: product.category,
    subcategory: product.subcategory ?? '',
    price: toFormText(product.price),
    salePrice: toFormText(product.salePrice),
    priceQuarter: toFormText(product.priceQuarter),
    salePriceQuarter: toFormText(product.salePriceQuarter),
    priceHalf: toFormText(product.priceHalf),
    salePriceHalf: toFormText(product.salePriceHalf),
    priceOunce: toFormText(product.priceOunce),
    salePriceOunce: toFormText(product.salePriceOunce),
    stock: product.flavors.length > 0 ? '' : String(product.stock),
    cannabisGrams: product.cannabisGrams ? String(product.cannabisGrams) : '',
    concentrateGrams: product.concentrateGrams ? String(product.concentrateGrams) : '',
    cannabis: product.cannabis,
    strain: product.strain,
    strainTypes: product.strainTypes.filter((s): s is StrainName =>
      (STRAINS as readonly string[]).includes(s),
    ),
    flavors: product.flavors.map((name) => ({
      name,
      strain: ((STRAINS as readonly string[]).includes(ownValue(product.flavorStrains, name) ?? '')
        ? ownValue(product.flavorStrains, name)
        : DEFAULT_FLAVOR_STRAIN) as StrainName,
      stock: String(ownValue(product.flavorStocks, name) ?? ''),
    })),
    featured: product.featured,
    media: [...product.media],
    brand: product.brand ?? '',
    potencyUnit: product.potencyUnit ?? '',
    thc: toFormText(product.thc),
    thcPerServing: toFormText(product.thcPerServing),
    cbd: toFormText(product.cbd),
    cbdPerServing: toFormText(product.cbdPerServing),
    servingName: product.servingName ?? '',
    netAmount: toFormText(product.netAmount),
    netUnit: product.netUnit ?? '',
    effects: [...product.effects],
    labDocument: product.labDocument ?? '',
    labName: product.labName ?? '',
    labTestedOn: product.labTestedOn ?? '',
  };
}

export function isFlowerForm(values: Pick<ProductFormValues, 'category' | 'subcategory' | 'name'>) {
  return isSoldByWeight({
    category: values.category,
    subcategory: values.subcategory || null,
    name: values.name,
  });
}

/** Flavors belong to concentrates (spec §3); a product that already has some keeps the editor. */
export function usesFlavors(values: Pick<ProductFormValues, 'category' | 'flavors'>): boolean {
  return values.category.trim().toLowerCase() === 'concentrates' || values.flavors.length > 0;
}

const isBlankOrZero = (text: string) => text.trim() === '' || Number(text) === 0;

function parsePrice(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * Typing the 1/8 price of flower fills the 1/4, 1/2 and 1 Oz prices with 1.9, 3.6 and
 * 6.4 times it (rounded to cents) while they are 0/empty, or still hold the values filled
 * from the previous base price (so typing "3" then "35" keeps following).
 */
export function withBasePrice(values: ProductFormValues, priceText: string): ProductFormValues {
  const next = { ...values, price: priceText };
  if (!isFlowerForm(values)) return next;
  const base = parsePrice(priceText);
  const previousBase = parsePrice(values.price);
  const previous = previousBase !== null ? defaultTierPrices(previousBase) : null;
  const followsBase = TIER_FIELDS.every(({ price }) => {
    const text = values[price];
    return isBlankOrZero(text) || (previous !== null && Number(text) === previous[price]);
  });
  if (!followsBase) return next;
  if (base === null || base <= 0) {
    for (const { price } of TIER_FIELDS) next[price] = '';
    return next;
  }
  const tiers = defaultTierPrices(base);
  for (const { price } of TIER_FIELDS) next[price] = tiers[price].toFixed(2);
  return next;
}

const amountOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * The form's texts as the API body, unjudged: the shared productSchema decides what is
 * valid, so the form and the server cannot disagree (flower stock in 0.5 g, whole units).
 */
export function productBodyFrom(values: ProductFormValues): ProductBody {
  const flower = isFlowerForm(values);
  const rows = usesFlavors(values) ? values.flavors : [];
  const tier = (text: string) => (flower ? amountOrNull(text) : null);
  return {
    name: values.name,
    description: values.description,
    category: values.category,
    subcategory: values.subcategory || null,
    price: amountOrNull(values.price),
    salePrice: amountOrNull(values.salePrice),
    priceQuarter: tier(values.priceQuarter),
    salePriceQuarter: tier(values.salePriceQuarter),
    priceHalf: tier(values.priceHalf),
    salePriceHalf: tier(values.salePriceHalf),
    priceOunce: tier(values.priceOunce),
    salePriceOunce: tier(values.salePriceOunce),
    featured: values.featured,
    media: values.media,
    stock: amountOrNull(values.stock),
    cannabisGrams: amountOrNull(values.cannabisGrams),
    concentrateGrams: amountOrNull(values.concentrateGrams),
    cannabis: values.cannabis,
    strain: values.strain,
    strainTypes: values.strainTypes,
    flavors: rows.map((row) => row.name.trim()),
    flavorStrains: Object.fromEntries(rows.map((row) => [row.name.trim(), row.strain])),
    flavorStocks: Object.fromEntries(rows.map((row) => [row.name.trim(), amountOrNull(row.stock)])),
    brand: values.brand,
    potencyUnit: values.potencyUnit || null,
    thc: values.thc,
    thcPerServing: values.potencyUnit === 'mg' ? values.thcPerServing : '',
    cbd: values.cbd,
    cbdPerServing: values.potencyUnit === 'mg' ? values.cbdPerServing : '',
    servingName: values.potencyUnit === 'mg' ? values.servingName : '',
    netAmount: values.netAmount,
    netUnit: values.netUnit || null,
    effects: values.effects,
    labDocument: values.labDocument,
    labName: values.labName,
    labTestedOn: values.labTestedOn,
  };
}

/** The form's values judged by the server's own schema; the output is the body to send. */
export const productFormSchema = z
  .custom<ProductFormValues>()
  .transform(productBodyFrom)
  .pipe(productSchema);

/** Under a field its label starts the sentence: "Stock must be a multiple of 0.5 grams". */
const FIELD_LABELS: Partial<Record<string, string>> = {
  name: 'Name',
  description: 'Description',
  category: 'Category',
  subcategory: 'Subcategory',
  price: 'Price',
  salePrice: 'Sale price',
  priceQuarter: 'Price',
  salePriceQuarter: 'Sale price',
  priceHalf: 'Price',
  salePriceHalf: 'Sale price',
  priceOunce: 'Price',
  salePriceOunce: 'Sale price',
  stock: 'Stock',
  media: 'Media',
  strainTypes: 'Strain types',
  brand: 'Brand',
  potencyUnit: 'Potency unit',
  thc: 'THC',
  thcPerServing: 'THC per serving',
  cbd: 'CBD',
  cbdPerServing: 'CBD per serving',
  servingName: 'Serving name',
  netAmount: 'Net size',
  netUnit: 'Net size unit',
  effects: 'Effects',
  labDocument: 'Lab document',
  labName: 'Lab name',
  labTestedOn: 'Test date',
};

/**
 * Where an error of the product schema shows in the form: a field of the same name, or the
 * flavor list for anything about flavors (their stocks are keyed by flavor name).
 */
export function productFormField(path: string): keyof ProductFormValues | undefined {
  const [head] = path.split('.');
  if (head === 'flavors' || head === 'flavorStrains' || head === 'flavorStocks') return 'flavors';
  return head in FIELD_LABELS || head === 'strain' ? (head as keyof ProductFormValues) : undefined;
}

/** react-hook-form's resolver: the shared schema's word on each field of the form. */
export const productFormResolver = schemaResolver(productFormSchema, {
  fieldFor: productFormField,
  sentence: productFieldMessage,
});

/** A schema message as a sentence about its field ("is required" -> "Price is required"). */
export function productFieldMessage(path: string, message: string): string {
  const [head, flavor] = path.split('.');
  if (head === 'flavorStocks' && flavor)
    return labelledSentence({ flavorStocks: `Stock of ${flavor}` })(path, message);
  return labelledSentence(FIELD_LABELS)(path, message);
}

/** Moves one item of a list by `delta` places (media reordering). */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item);
  return next;
}
