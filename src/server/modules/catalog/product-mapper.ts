import type { Strain } from '../../../shared/constants';
import { toCents, toDollars } from '../../../shared/money';
import type { Product } from '../../../shared/types';
import { readJson } from '../../db/json';
import type { NewProductRow, ProductRow } from '../../db/schema';

const dollarsOrNull = (cents: number | null): number | null =>
  cents === null ? null : toDollars(cents);
const centsOrNull = (dollars: number | null | undefined): number | null =>
  dollars === null || dollars === undefined ? null : toCents(dollars);

export function productFromRow(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    subcategory: row.subcategory,
    description: row.description,
    price: toDollars(row.price_cents),
    salePrice: dollarsOrNull(row.sale_price_cents),
    priceQuarter: dollarsOrNull(row.price_quarter_cents),
    salePriceQuarter: dollarsOrNull(row.sale_price_quarter_cents),
    priceHalf: dollarsOrNull(row.price_half_cents),
    salePriceHalf: dollarsOrNull(row.sale_price_half_cents),
    priceOunce: dollarsOrNull(row.price_ounce_cents),
    salePriceOunce: dollarsOrNull(row.sale_price_ounce_cents),
    featured: Boolean(row.featured),
    media: readJson<string[]>(row.media, []),
    stock: Number(row.stock),
    strain: row.strain as Strain,
    strainTypes: readJson<string[]>(row.strain_types, []),
    flavors: readJson<string[]>(row.flavors, []),
    flavorStrains: readJson<Record<string, string>>(row.flavor_strains, {}),
    flavorStocks: readJson<Record<string, number>>(row.flavor_stocks, {}),
    cannabisGrams: Number(row.cannabis_grams),
    concentrateGrams: Number(row.concentrate_grams),
    cannabis: Boolean(row.cannabis),
    createdAt: row.created_at,
  };
}

export type ProductInput = Omit<Product, 'id' | 'createdAt'>;

export function rowFromProduct(p: ProductInput, createdAt: string): NewProductRow {
  return {
    name: p.name,
    category: p.category,
    subcategory: p.subcategory,
    description: p.description,
    price_cents: toCents(p.price),
    sale_price_cents: centsOrNull(p.salePrice),
    price_quarter_cents: centsOrNull(p.priceQuarter),
    sale_price_quarter_cents: centsOrNull(p.salePriceQuarter),
    price_half_cents: centsOrNull(p.priceHalf),
    sale_price_half_cents: centsOrNull(p.salePriceHalf),
    price_ounce_cents: centsOrNull(p.priceOunce),
    sale_price_ounce_cents: centsOrNull(p.salePriceOunce),
    featured: p.featured ? 1 : 0,
    media: JSON.stringify(p.media),
    stock: p.stock,
    strain: p.strain,
    strain_types: JSON.stringify(p.strainTypes),
    flavors: JSON.stringify(p.flavors),
    flavor_strains: JSON.stringify(p.flavorStrains),
    flavor_stocks: JSON.stringify(p.flavorStocks),
    cannabis_grams: p.cannabisGrams,
    concentrate_grams: p.concentrateGrams,
    cannabis: p.cannabis ? 1 : 0,
    created_at: createdAt,
  };
}
