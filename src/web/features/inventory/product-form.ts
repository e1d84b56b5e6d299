/**
 * The Add/Edit Product form's state and rules (spec §3 product fields, §5
 * product form): text inputs in, the API payload out. Pure, so the dialog
 * only renders and the rules stay in one place.
 */
import type { ProductBody } from '@shared/admin-schemas';
import {
  DEFAULT_FLAVOR_STRAIN,
  STRAIN_OPTIONS,
  STRAINS,
  type Strain,
  type StrainName,
} from '@shared/constants';
import { defaultTierPrices } from '@shared/pricing';
import { isSoldByWeight } from '@shared/quantity';
import { ownValue, setOwn } from '@shared/records';
import type { Product } from '@shared/types';

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
  strain: Strain;
  strainTypes: StrainName[];
  flavors: FlavorRow[];
  featured: boolean;
  media: string[];
}

export type ProductFormErrors = Partial<Record<keyof ProductFormValues | 'flavor', string>>;

export const TIER_FIELDS = [
  { label: '1/4 Oz', price: 'priceQuarter', sale: 'salePriceQuarter' },
  { label: '1/2 Oz', price: 'priceHalf', sale: 'salePriceHalf' },
  { label: '1 Oz', price: 'priceOunce', sale: 'salePriceOunce' },
] as const;

const moneyText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

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
    strain: 'none',
    strainTypes: [],
    flavors: [],
    featured: false,
    media: [],
  };
}

export function productFormFrom(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description ?? '',
    category: product.category,
    subcategory: product.subcategory ?? '',
    price: moneyText(product.price),
    salePrice: moneyText(product.salePrice),
    priceQuarter: moneyText(product.priceQuarter),
    salePriceQuarter: moneyText(product.salePriceQuarter),
    priceHalf: moneyText(product.priceHalf),
    salePriceHalf: moneyText(product.salePriceHalf),
    priceOunce: moneyText(product.priceOunce),
    salePriceOunce: moneyText(product.salePriceOunce),
    stock: product.flavors.length > 0 ? '' : String(product.stock),
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

function checkMoney(
  text: string,
  field: keyof ProductFormValues,
  errors: ProductFormErrors,
  required: boolean,
): number | null {
  if (text.trim() === '') {
    if (required) errors[field] = 'Price is required';
    return null;
  }
  const value = Number(text);
  if (!Number.isFinite(value)) errors[field] = 'Enter a number';
  else if (value < 0) errors[field] = 'Must be 0 or more';
  return Number.isFinite(value) ? value : null;
}

export function validateProductForm(
  values: ProductFormValues,
): { ok: true; body: ProductBody } | { ok: false; errors: ProductFormErrors } {
  const errors: ProductFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Name is required';
  if (!values.category) errors.category = 'Choose a category';

  const price = checkMoney(values.price, 'price', errors, true);
  const salePrice = checkMoney(values.salePrice, 'salePrice', errors, false);
  const flower = isFlowerForm(values);
  const tiers: Record<string, number | null> = {};
  for (const { price: priceField, sale } of TIER_FIELDS) {
    tiers[priceField] = flower ? checkMoney(values[priceField], priceField, errors, false) : null;
    tiers[sale] = flower ? checkMoney(values[sale], sale, errors, false) : null;
  }

  const flavorRows = usesFlavors(values) ? values.flavors : [];
  const seen = new Set<string>();
  const flavorStrains: Record<string, StrainName> = {};
  const flavorStocks: Record<string, number> = {};
  for (const row of flavorRows) {
    const flavor = row.name.trim();
    if (!flavor) {
      errors.flavor = 'Flavor cannot be empty';
      continue;
    }
    if (seen.has(flavor.toLowerCase())) {
      errors.flavor = `Duplicate flavor: ${flavor}`;
      continue;
    }
    seen.add(flavor.toLowerCase());
    setOwn(flavorStrains, flavor, row.strain);
    if (row.stock.trim() !== '') {
      const amount = Number(row.stock);
      if (!Number.isFinite(amount) || amount < 0)
        errors.flavor = `Stock of ${flavor} must be 0 or more`;
      else setOwn(flavorStocks, flavor, amount);
    }
  }
  const flavors = flavorRows.map((row) => row.name.trim()).filter(Boolean);

  let stock: number | null = null;
  if (values.stock.trim() === '') {
    if (flavors.length === 0) errors.stock = 'Stock is required';
  } else {
    const amount = Number(values.stock);
    if (!Number.isFinite(amount) || amount < 0) errors.stock = 'Must be 0 or more';
    else stock = amount;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      name,
      description: values.description.trim(),
      category: values.category,
      subcategory: values.subcategory || null,
      price: price ?? 0,
      salePrice,
      priceQuarter: tiers.priceQuarter,
      salePriceQuarter: tiers.salePriceQuarter,
      priceHalf: tiers.priceHalf,
      salePriceHalf: tiers.salePriceHalf,
      priceOunce: tiers.priceOunce,
      salePriceOunce: tiers.salePriceOunce,
      featured: values.featured,
      media: values.media,
      stock,
      strain: values.strain,
      strainTypes: values.strainTypes,
      flavors,
      flavorStrains,
      flavorStocks,
    },
  };
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
