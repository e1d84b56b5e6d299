import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import type { Product } from './schemas/products';

/**
 * The one product search (storefront dialog, GET /api/products/search and the
 * back office's product pickers). See docs/decisions/013-search.md.
 *
 * Fields in rank order: a product matched in an earlier field always lists before one matched
 * only in a later field; within a field, MiniSearch's BM25 score orders them. Adding a
 * searchable fact (brand after name, effects before flavors) is one line here.
 */
const FIELDS: readonly { name: string; text: (p: Product) => (string | null | undefined)[] }[] = [
  { name: 'name', text: (p) => [p.name] },
  { name: 'brand', text: (p) => [p.brand] },
  { name: 'category', text: (p) => [p.category, p.subcategory, strainWord(p), ...p.strainTypes] },
  { name: 'effects', text: (p) => p.effects },
  { name: 'flavors', text: (p) => p.flavors },
  { name: 'description', text: (p) => [p.description] },
];

const FIELD_NAMES = FIELDS.map((f) => f.name);
const FIELD_RANK = new Map(FIELD_NAMES.map((name, rank) => [name, rank]));

const strainWord = (p: Product) => (p.strain === 'none' ? null : p.strain);

/** Words of a text, lower case and without accents: "Pre-Rolls" -> pre, rolls. */
function words(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * Indexed names, categories and flavors also keep each pair of neighbours joined, so
 * "pre-roll" is found as "preroll" (descriptions are long and need not).
 */
function indexTokens(text: string, field?: string): string[] {
  const list = words(text);
  if (field === 'description') return list;
  const joined = list.slice(1).map((word, i) => list[i] + word);
  return [...list, ...joined];
}

/** One form for singular and plural: gummies -> gummy, prerolls -> preroll, glass stays. */
export function searchTerm(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * The last word may be the start of one ("choc": the shopper is still typing; a lone digit is
 * not, so "lot 1" does not match every number); a word of four letters or more (not a number)
 * forgives one typo.
 */
const termOptions = {
  prefix: (term: string, i: number, terms: string[]) =>
    i === terms.length - 1 && (term.length >= 2 || !/\d/.test(term)),
  fuzzy: (term: string) => (term.length >= 4 && !/\d/.test(term) ? 1 : false),
  weights: { prefix: 0.4, fuzzy: 0.3 },
};

/**
 * All the query's words must match; two neighbouring words may also be one joined word
 * ("pre roll" finds "prerolls").
 */
function queryFor(text: string): Query | null {
  const list = words(text);
  if (list.length === 0) return null;
  const all = (terms: string[]): Query => ({ queries: terms, combineWith: 'AND', ...termOptions });
  const variants: Query[] = [all(list)];
  for (let i = 0; i + 1 < list.length; i += 1)
    variants.push(all([...list.slice(0, i), list[i] + list[i + 1], ...list.slice(i + 2)]));
  return variants.length === 1 ? variants[0]! : { queries: variants, combineWith: 'OR' };
}

export interface ProductSearch<P extends Product = Product> {
  search(query: string): P[];
  /** the searchable text of every product: an index over the same text is reused */
  readonly text: string;
  readonly index: MiniSearch<P>;
}

const searchableText = (products: readonly Product[]) =>
  JSON.stringify(products.map((p) => [p.id, ...FIELDS.map((f) => f.text(p))]));

/**
 * Indexes a product list; search() then answers in about a millisecond. Given the previous
 * index, a list whose searchable text is unchanged (an order took stock, a price changed)
 * keeps that index and only answers the products as they are now.
 */
export function productSearchIndex<P extends Product>(
  products: readonly P[],
  previous?: ProductSearch<P> | null,
): ProductSearch<P> {
  const byId = new Map(products.map((p) => [p.id, p]));
  const text = searchableText(products);
  const index = previous?.text === text ? previous.index : buildIndex(products);
  return {
    text,
    index,
    search(query) {
      const q = queryFor(query);
      if (!q) return [];
      return index
        .search(q)
        .map((hit) => ({ hit, rank: bestField(hit), product: byId.get(Number(hit.id))! }))
        .sort(
          (a, b) =>
            a.rank - b.rank ||
            b.hit.score - a.hit.score ||
            a.product.name.localeCompare(b.product.name, 'en') ||
            a.product.id - b.product.id,
        )
        .map((entry) => entry.product);
    },
  };
}

function buildIndex<P extends Product>(products: readonly P[]): MiniSearch<P> {
  const index = new MiniSearch<P>({
    fields: FIELD_NAMES,
    idField: 'id',
    extractField: (product, field) => {
      if (field === 'id') return String(product.id);
      const spec = FIELDS.find((f) => f.name === field);
      return spec ? spec.text(product).filter(Boolean).join(' ') : '';
    },
    tokenize: indexTokens,
    processTerm: searchTerm,
    searchOptions: { tokenize: words, processTerm: searchTerm },
  });
  index.addAll(products as P[]);
  return index;
}

function bestField(hit: SearchResult): number {
  let best = FIELDS.length;
  for (const fields of Object.values(hit.match))
    for (const field of fields) best = Math.min(best, FIELD_RANK.get(field) ?? best);
  return best;
}

/** One-off search over a list (small lists in the back office; the storefront keeps an index). */
export function searchProducts<P extends Product>(products: readonly P[], query: string): P[] {
  return productSearchIndex(products).search(query);
}
