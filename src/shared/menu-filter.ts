/**
 * The shopper's menu filter and sort, one rule for the server's render and the
 * browser. The choice lives in the URL's query (`?brand=Kiva&thc=20-30&sort=price-low`);
 * `parseMenuFilter` reads any query leniently (what it does not understand it ignores) and
 * `menuFilterQuery` writes the one normal form, which the server also keys its page cache by.
 */
import { STRAINS, type StrainName } from './constants';
import { saleLabel, unitPrice } from './pricing';
import { EFFECTS, type Effect, netSizeLabel } from './product-facts';
import { isSoldByWeight } from './quantity';
import type { Product } from './schemas/products';

export const MENU_SORTS = [
  'featured',
  'price-low',
  'price-high',
  'potency',
  'newest',
  'name',
] as const;
export type MenuSort = (typeof MENU_SORTS)[number];
export const MENU_SORT_LABELS: Record<MenuSort, string> = {
  featured: 'Featured',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  potency: 'Potency: strongest first',
  newest: 'Newest',
  name: 'Name: A to Z',
};

export interface Range {
  min: number | null;
  max: number | null;
}

export interface MenuFilter {
  strains: StrainName[];
  brands: string[];
  /** THC in % of weight */
  thc: Range | null;
  /** THC in mg per serving */
  mg: Range | null;
  /** net sizes as they read: "3.5 g" */
  sizes: string[];
  /** dollars: the price a card shows (1/8 Oz for flower), sale price when on sale */
  price: Range | null;
  effects: Effect[];
  onSale: boolean;
  inStock: boolean;
  sort: MenuSort;
}

export const NO_MENU_FILTER: MenuFilter = {
  strains: [],
  brands: [],
  thc: null,
  mg: null,
  sizes: [],
  price: null,
  effects: [],
  onSale: false,
  inStock: false,
  sort: 'featured',
};

/** The query parameters, in the order the normal form writes them. */
const PARAM = {
  strains: 'strain',
  brands: 'brand',
  thc: 'thc',
  mg: 'mg',
  sizes: 'size',
  price: 'price',
  effects: 'effect',
  onSale: 'sale',
  inStock: 'stock',
  sort: 'sort',
} as const;
export const MENU_FILTER_PARAMS: readonly string[] = Object.values(PARAM);

const MAX_VALUES = 20;
const MAX_TEXT = 100;

function listOf(params: URLSearchParams, name: string): string[] {
  const values = params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '' && v.length <= MAX_TEXT);
  return [...new Set(values)].slice(0, MAX_VALUES);
}

function pick<T extends string>(words: readonly T[], values: string[]): T[] {
  const chosen = new Set(
    values
      .map((v) => words.find((w) => w.toLowerCase() === v.toLowerCase()))
      .filter((w): w is T => w !== undefined),
  );
  return words.filter((w) => chosen.has(w));
}

const NUMBER = /^\d{1,6}(\.\d{1,2})?$/;
const amount = (text: string | undefined) =>
  text !== undefined && NUMBER.test(text.trim()) ? Number(text.trim()) : null;

/** "20-30", "20-", "-30" -> a range; anything else, or an empty or reversed range, is none. */
function rangeOf(text: string | null): Range | null {
  if (!text) return null;
  const parts = text.split('-');
  if (parts.length !== 2) return null;
  const min = amount(parts[0]);
  const max = amount(parts[1]);
  if (min === null && max === null) return null;
  if (min !== null && max !== null && min > max) return null;
  return { min, max };
}

const rangeText = (range: Range) => `${range.min ?? ''}-${range.max ?? ''}`;

const truthy = (text: string | null) => text !== null && ['1', 'true', 'yes'].includes(text);

export function parseMenuFilter(search: string | URLSearchParams): MenuFilter {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sort = params.get(PARAM.sort);
  return {
    strains: pick(STRAINS, listOf(params, PARAM.strains)),
    brands: listOf(params, PARAM.brands).sort((a, b) => a.localeCompare(b)),
    thc: rangeOf(params.get(PARAM.thc)),
    mg: rangeOf(params.get(PARAM.mg)),
    sizes: listOf(params, PARAM.sizes).sort((a, b) => a.localeCompare(b)),
    price: rangeOf(params.get(PARAM.price)),
    effects: pick(EFFECTS, listOf(params, PARAM.effects)),
    onSale: truthy(params.get(PARAM.onSale)),
    inStock: truthy(params.get(PARAM.inStock)),
    sort: (MENU_SORTS as readonly string[]).includes(sort ?? '') ? (sort as MenuSort) : 'featured',
  };
}

/** The filter's normal query, without "?"; "" when nothing is chosen. Equal filters write equal text. */
export function menuFilterQuery(filter: MenuFilter): string {
  const params = new URLSearchParams();
  const list = (name: string, values: readonly string[]) => {
    if (values.length > 0) params.set(name, values.join(','));
  };
  list(PARAM.strains, pick(STRAINS, filter.strains));
  list(
    PARAM.brands,
    [...new Set(filter.brands)].sort((a, b) => a.localeCompare(b)),
  );
  if (filter.thc) params.set(PARAM.thc, rangeText(filter.thc));
  if (filter.mg) params.set(PARAM.mg, rangeText(filter.mg));
  list(
    PARAM.sizes,
    [...new Set(filter.sizes)].sort((a, b) => a.localeCompare(b)),
  );
  if (filter.price) params.set(PARAM.price, rangeText(filter.price));
  list(PARAM.effects, pick(EFFECTS, filter.effects));
  if (filter.onSale) params.set(PARAM.onSale, '1');
  if (filter.inStock) params.set(PARAM.inStock, '1');
  if (filter.sort !== 'featured') params.set(PARAM.sort, filter.sort);
  return params.toString();
}

/** The search with the menu filter written in its normal form, other parameters kept. */
export function withMenuFilter(search: string, filter: MenuFilter): string {
  const params = new URLSearchParams(search);
  for (const name of MENU_FILTER_PARAMS) params.delete(name);
  const rest = params.toString();
  const query = [menuFilterQuery(filter), rest].filter(Boolean).join('&');
  return query ? `?${query}` : '';
}

/** How many choices narrow the list (the sort is not one). */
export function activeFilterCount(filter: MenuFilter): number {
  return (
    filter.strains.length +
    filter.brands.length +
    (filter.thc ? 1 : 0) +
    (filter.mg ? 1 : 0) +
    filter.sizes.length +
    (filter.price ? 1 : 0) +
    filter.effects.length +
    (filter.onSale ? 1 : 0) +
    (filter.inStock ? 1 : 0)
  );
}

export const isMenuFiltered = (filter: MenuFilter) =>
  activeFilterCount(filter) > 0 || filter.sort !== 'featured';

/** The price a card shows first: the 1/8 Oz for flower, the unit otherwise, on sale when it is. */
export function shownPrice(product: Product): number {
  return unitPrice(product, isSoldByWeight(product) ? '1/8 Oz' : '1');
}

const inRange = (value: number | null, range: Range | null) =>
  range === null ||
  (value !== null &&
    (range.min === null || value >= range.min) &&
    (range.max === null || value <= range.max));

export function matchesMenuFilter(p: Product, filter: MenuFilter): boolean {
  if (
    filter.strains.length > 0 &&
    !filter.strains.some((s) => p.strain === s || p.strainTypes.includes(s))
  )
    return false;
  if (filter.brands.length > 0) {
    const brand = p.brand?.toLowerCase();
    if (!brand || !filter.brands.some((b) => b.toLowerCase() === brand)) return false;
  }
  if (filter.thc && !inRange(p.potencyUnit === '%' ? p.thc : null, filter.thc)) return false;
  if (filter.mg && !inRange(p.potencyUnit === 'mg' ? p.thcPerServing : null, filter.mg))
    return false;
  if (filter.sizes.length > 0) {
    const size = netSizeLabel(p);
    if (!size || !filter.sizes.includes(size)) return false;
  }
  if (!inRange(shownPrice(p), filter.price)) return false;
  if (filter.effects.length > 0 && !filter.effects.every((e) => p.effects.includes(e)))
    return false;
  if (filter.onSale && saleLabel(p) === null) return false;
  if (filter.inStock && !(p.stock > 0)) return false;
  return true;
}

/** Strongest first: % products by THC, then mg products by THC per serving, then the rest. */
function potencyRank(p: Product): [number, number] {
  if (p.potencyUnit === '%' && p.thc !== null) return [0, -p.thc];
  if (p.potencyUnit === 'mg' && (p.thcPerServing ?? p.thc) !== null)
    return [1, -(p.thcPerServing ?? p.thc ?? 0)];
  return [2, 0];
}

const byName = (a: Product, b: Product) => a.name.localeCompare(b.name) || a.id - b.id;

const COMPARE: Record<Exclude<MenuSort, 'featured'>, (a: Product, b: Product) => number> = {
  'price-low': (a, b) => shownPrice(a) - shownPrice(b) || byName(a, b),
  'price-high': (a, b) => shownPrice(b) - shownPrice(a) || byName(a, b),
  potency: (a, b) => {
    const [ga, va] = potencyRank(a);
    const [gb, vb] = potencyRank(b);
    return ga - gb || va - vb || byName(a, b);
  },
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
  name: byName,
};

/** The products the filter keeps, in its sort; "featured" keeps the given order (featured first). */
export function filterAndSortProducts(products: readonly Product[], filter: MenuFilter): Product[] {
  const kept = products.filter((p) => matchesMenuFilter(p, filter));
  if (filter.sort === 'featured')
    return kept.filter((p) => p.featured).concat(kept.filter((p) => !p.featured));
  return kept.sort(COMPARE[filter.sort]);
}

export interface MenuFilterOptions {
  brands: string[];
  sizes: string[];
  effects: Effect[];
  /** whole dollars around every shown price */
  price: { min: number; max: number } | null;
  thc: { min: number; max: number } | null;
  mg: { min: number; max: number } | null;
}

const bounds = (values: number[]) =>
  values.length === 0
    ? null
    : { min: Math.floor(Math.min(...values)), max: Math.ceil(Math.max(...values)) };

/** What the catalog offers to filter by: the brands, sizes and effects it has, and its ranges. */
export function menuFilterOptions(products: readonly Product[]): MenuFilterOptions {
  const brands = new Map<string, string>();
  const sizes = new Map<string, number>();
  const effects = new Set<string>();
  for (const p of products) {
    if (p.brand) brands.set(p.brand.toLowerCase(), brands.get(p.brand.toLowerCase()) ?? p.brand);
    const size = netSizeLabel(p);
    if (size) sizes.set(size, p.netAmount ?? 0);
    for (const e of p.effects) effects.add(e);
  }
  const percent = products.filter((p) => p.potencyUnit === '%' && p.thc !== null);
  const mg = products.filter((p) => p.potencyUnit === 'mg' && p.thcPerServing !== null);
  return {
    brands: [...brands.values()].sort((a, b) => a.localeCompare(b)),
    sizes: [...sizes.entries()]
      .sort(([a, x], [b, y]) => a.split(' ')[1].localeCompare(b.split(' ')[1]) || x - y)
      .map(([size]) => size),
    effects: EFFECTS.filter((e) => effects.has(e)),
    price: bounds(products.map(shownPrice)),
    thc: bounds(percent.map((p) => p.thc as number)),
    mg: bounds(mg.map((p) => p.thcPerServing as number)),
  };
}

/** Words for one range: "20–30", "20 or more", "up to 30". */
export function rangeWords(range: Range, unit: (n: number) => string): string {
  if (range.min !== null && range.max !== null) return `${unit(range.min)}–${unit(range.max)}`;
  if (range.min !== null) return `${unit(range.min)} or more`;
  return `up to ${unit(range.max ?? 0)}`;
}
