import { describe, expect, it } from 'vitest';
import { aProduct } from '../../test/product-fixture';
import {
  activeFilterCount,
  filterAndSortProducts,
  menuFilterOptions,
  menuFilterQuery,
  NO_MENU_FILTER,
  parseMenuFilter,
  withMenuFilter,
} from './menu-filter';
import type { Product } from './schemas/products';

let nextId = 1;
function product(fields: Partial<Product>): Product {
  return aProduct({ id: nextId++, ...fields });
}

const blueDream = product({
  name: 'Blue Dream',
  category: 'flower',
  strain: 'Hybrid',
  price: 45,
  brand: 'Humboldt Farms',
  potencyUnit: '%',
  thc: 21.4,
  netAmount: 3.5,
  netUnit: 'g',
  effects: ['relaxed', 'happy'],
  featured: true,
  createdAt: '2026-10-01T00:00:00.000Z',
});
const gelato = product({
  name: 'Gelato #41',
  category: 'flower',
  strain: 'Indica',
  price: 55,
  salePrice: 50,
  brand: 'Cookies',
  potencyUnit: '%',
  thc: 27.2,
  netAmount: 3.5,
  netUnit: 'g',
  effects: ['euphoric', 'relaxed'],
  createdAt: '2026-11-20T00:00:00.000Z',
});
const gummies = product({
  name: 'Sour Watermelon Gummies',
  price: 18,
  brand: 'Kiva',
  potencyUnit: 'mg',
  thc: 100,
  thcPerServing: 10,
  servingName: 'piece',
  netAmount: 50,
  netUnit: 'g',
  effects: ['happy'],
  stock: 0,
});
const mints = product({
  name: 'Micro-dose Mints',
  price: 22,
  brand: 'kiva',
  potencyUnit: 'mg',
  thc: 40,
  thcPerServing: 2.5,
});
const papers = product({ name: 'Rolling Papers', category: 'accessories', price: 3 });
const all = [blueDream, gelato, gummies, mints, papers];
const namesOf = (products: Product[]) => products.map((p) => p.name);
const names = (filter: string) => namesOf(filterAndSortProducts(all, parseMenuFilter(filter)));

describe('menu filter and sort', () => {
  it('keeps the catalog, featured first, when nothing is chosen', () => {
    expect(names('')).toEqual(namesOf([blueDream, gelato, gummies, mints, papers]));
  });

  it('filters by brand without regard to case, and by strain type', () => {
    expect(names('brand=Kiva')).toEqual(['Sour Watermelon Gummies', 'Micro-dose Mints']);
    expect(names('strain=indica')).toEqual(['Gelato #41']);
    expect(names('brand=Cookies,Humboldt%20Farms&strain=Hybrid')).toEqual(['Blue Dream']);
  });

  it('filters by THC % and by mg per serving, each only among products in that unit', () => {
    expect(names('thc=25-')).toEqual(['Gelato #41']);
    expect(names('thc=20-25')).toEqual(['Blue Dream']);
    expect(names('mg=5-10')).toEqual(['Sour Watermelon Gummies']);
    expect(names('mg=-5')).toEqual(['Micro-dose Mints']);
  });

  it('filters by size, price (the shown sale price), effects (all of them), sale and stock', () => {
    expect(names('size=3.5 g')).toEqual(['Blue Dream', 'Gelato #41']);
    expect(names('price=10-30')).toEqual(['Sour Watermelon Gummies', 'Micro-dose Mints']);
    expect(names('price=46-50')).toEqual(['Gelato #41']);
    expect(names('effect=relaxed,happy')).toEqual(['Blue Dream']);
    expect(names('sale=1')).toEqual(['Gelato #41']);
    expect(names('stock=1&brand=Kiva')).toEqual(['Micro-dose Mints']);
  });

  it('sorts by price both ways, potency, newest and name', () => {
    expect(names('sort=price-low')).toEqual(namesOf([papers, gummies, mints, blueDream, gelato]));
    expect(names('sort=price-high')[0]).toBe('Gelato #41');
    expect(names('sort=potency')).toEqual(namesOf([gelato, blueDream, gummies, mints, papers]));
    expect(names('sort=newest')[0]).toBe('Gelato #41');
    expect(names('sort=name')).toEqual(namesOf([blueDream, gelato, mints, papers, gummies]));
  });

  it('writes one normal query for equal filters and ignores what it does not understand', () => {
    const a = parseMenuFilter(
      '?sort=price-low&brand=Kiva,Cookies&utm=x&thc=20-&effect=happy,bogus',
    );
    const b = parseMenuFilter('effect=happy&thc=20-&brand=Cookies&brand=Kiva&sort=price-low');
    expect(menuFilterQuery(a)).toBe('brand=Cookies%2CKiva&thc=20-&effect=happy&sort=price-low');
    expect(menuFilterQuery(b)).toBe(menuFilterQuery(a));
    expect(menuFilterQuery(parseMenuFilter('thc=30-20&price=abc&sort=cheapest&sale=maybe'))).toBe(
      '',
    );
    expect(parseMenuFilter('')).toEqual(NO_MENU_FILTER);
    expect(activeFilterCount(a)).toBe(4);
  });

  it('rewrites a search with the filter, keeping other parameters', () => {
    const filter = { ...NO_MENU_FILTER, brands: ['Kiva'], sort: 'name' as const };
    expect(withMenuFilter('?brand=Cookies&ref=mail', filter)).toBe(
      '?brand=Kiva&sort=name&ref=mail',
    );
    expect(withMenuFilter('?brand=Cookies', NO_MENU_FILTER)).toBe('');
  });

  it('offers the brands, sizes, effects and ranges the catalog has', () => {
    const options = menuFilterOptions(all);
    expect(options.brands).toEqual(['Cookies', 'Humboldt Farms', 'Kiva']);
    expect(options.sizes).toEqual(['3.5 g', '50 g']);
    expect(options.effects).toEqual(['relaxed', 'happy', 'euphoric']);
    expect(options.price).toEqual({ min: 3, max: 50 });
    expect(options.thc).toEqual({ min: 21, max: 28 });
    expect(options.mg).toEqual({ min: 2, max: 10 });
  });
});
