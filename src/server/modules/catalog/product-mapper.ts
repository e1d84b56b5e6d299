import type { Strain } from '../../../shared/constants';
import { toCents, toDollars } from '../../../shared/money';
import type { Product } from '../../../shared/schemas/products';
import { readJson } from '../../db/json';
import type { NewProductRow, ProductRow } from '../../db/schema';

const dollarsOrNull = (cents: number | null): number | null =>
  cents === null ? null : toDollars(cents);
const centsOrNull = (dollars: number | null | undefined): number | null =>
  dollars === null || dollars === undefined ? null : toCents(dollars);

// PostgreSQL may answer double precision columns as text through some drivers' settings.
const numberOrNull = (value: number | string | null): number | null =>
  value === null ? null : Number(value);

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
    brand: row.brand,
    potencyUnit: row.potency_unit as Product['potencyUnit'],
    thc: numberOrNull(row.thc),
    thcPerServing: numberOrNull(row.thc_per_serving),
    cbd: numberOrNull(row.cbd),
    cbdPerServing: numberOrNull(row.cbd_per_serving),
    servingName: row.serving_name,
    netAmount: numberOrNull(row.net_amount),
    netUnit: row.net_unit as Product['netUnit'],
    effects: readJson<Product['effects']>(row.effects, []),
    labDocument: row.lab_document,
    labName: row.lab_name,
    labTestedOn: row.lab_tested_on,
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
    brand: p.brand,
    potency_unit: p.potencyUnit,
    thc: p.thc,
    thc_per_serving: p.thcPerServing,
    cbd: p.cbd,
    cbd_per_serving: p.cbdPerServing,
    serving_name: p.servingName,
    net_amount: p.netAmount,
    net_unit: p.netUnit,
    effects: JSON.stringify(p.effects),
    lab_document: p.labDocument,
    lab_name: p.labName,
    lab_tested_on: p.labTestedOn,
    created_at: createdAt,
  };
}
