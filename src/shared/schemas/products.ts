/** Products: the product form and its PATCH, the featured switch, and the product as the API answers it. */

import { z } from 'zod';
import {
  DEFAULT_FLAVOR_STRAIN,
  FLOWER_CATEGORY_SLUG,
  STRAIN_OPTIONS,
  STRAINS,
  type StrainName,
} from '../constants';
import { EFFECTS, MAX_EFFECTS, NET_UNITS, POTENCY_UNITS } from '../product-facts';
import {
  dollarAmount,
  duplicatesCheck,
  emptyAsNull,
  emptyOrNumber,
  hasAtMostThreeDecimals,
  isCalendarDate,
  listedWord,
  money,
  optionalAmount,
  optionalDollarAmount,
  optionalMoney,
  optionalText,
  requiredText,
  stockAmount,
  text,
  textUpTo,
} from './fields';
import { patchOf } from './http';

export const SAFE_MEDIA_PATH = /^\/media\/[A-Za-z0-9._-]+$/;

export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export const mediaUrlSchema = text({ message: 'must be a URL' })
  .trim()
  .max(2000, 'is too long')
  .refine(
    (url) => (SAFE_MEDIA_PATH.test(url) && !url.includes('..')) || isWebUrl(url),
    'must be an uploaded /media/ file or an http(s) URL',
  );

/** Grams of cannabis in one unit, for the daily limits; empty = 0. */
export const limitGrams = z.preprocess(
  (value) => emptyOrNumber(value) ?? 0,
  z
    .number({ message: 'must be a number of grams' })
    .finite('must be a number of grams')
    .min(0, 'must be at least 0')
    .max(1000, 'must be at most 1000 g')
    .refine(hasAtMostThreeDecimals, 'can have at most 3 decimals'),
);

export const strainOption = z.preprocess(
  (value) => {
    if (value === '' || value === null || value === undefined) return 'none';
    if (typeof value !== 'string') return value;
    const match = STRAIN_OPTIONS.find((s) => s.toLowerCase() === value.trim().toLowerCase());
    return match ?? value;
  },
  z.enum(STRAIN_OPTIONS, { message: 'must be none, Sativa, Indica or Hybrid' }),
);

export const strainName = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    return STRAINS.find((s) => s.toLowerCase() === value.trim().toLowerCase()) ?? value;
  },
  z.enum(STRAINS, { message: 'must be Sativa, Indica or Hybrid' }),
);

export const isFlower = (category: string) => category === FLOWER_CATEGORY_SLUG;

/** Flower stock is grams sold in halves (3.5 g steps add up to 0.5 multiples); other stock is whole units. */
export function stockUnitMessage(category: string, amount: number): string | null {
  if (isFlower(category))
    return Number.isInteger(amount * 2) ? null : 'must be a multiple of 0.5 grams';
  return Number.isInteger(amount) ? null : 'must be a whole number';
}

/** How a product's facts must agree: a potency needs its unit, a size its unit, and so on. */
export function factProblems(p: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  const num = (key: string) => (typeof p[key] === 'number' ? (p[key] as number) : null);
  const unit = p.potencyUnit;
  const stated = ['thc', 'thcPerServing', 'cbd', 'cbdPerServing'].filter((k) => num(k) !== null);
  if (stated.length > 0 && (unit === null || unit === undefined))
    issue('potencyUnit', 'Choose % or mg for the potency');
  if (unit === '%') {
    for (const key of ['thc', 'cbd']) if ((num(key) ?? 0) > 100) issue(key, 'must be at most 100%');
    for (const key of ['thcPerServing', 'cbdPerServing'])
      if (num(key) !== null) issue(key, 'only milligram potency has a per-serving amount');
  }
  for (const [total, serving] of [
    ['thc', 'thcPerServing'],
    ['cbd', 'cbdPerServing'],
  ] as const) {
    const t = num(total);
    const s = num(serving);
    if (t !== null && s !== null && s > t) issue(serving, 'cannot be more than the package total');
  }
  if (num('netAmount') !== null && (p.netUnit === null || p.netUnit === undefined))
    issue('netUnit', 'Choose a unit for the net size');
  if (p.netUnit && num('netAmount') === null) issue('netAmount', 'is required with a unit');
  if ((p.labName || p.labTestedOn) && !p.labDocument)
    issue('labDocument', 'Upload the lab document the lab name and date belong to');
}

/**
 * Product fields of spec §3 / §5 product form. Output is the full product as stored:
 * flavor strains default to Hybrid, flavor stocks are kept only for listed flavors,
 * and when flavors have stocks the product stock is their sum.
 */
export const productSchema = z
  .object({
    name: requiredText(200),
    category: requiredText(100),
    subcategory: z.preprocess(emptyAsNull, text().trim().max(100, 'is too long').nullable()),
    description: z.preprocess((v) => (v === null || v === undefined ? '' : v), textUpTo(5000)),
    price: money,
    salePrice: optionalMoney,
    priceQuarter: optionalMoney,
    salePriceQuarter: optionalMoney,
    priceHalf: optionalMoney,
    salePriceHalf: optionalMoney,
    priceOunce: optionalMoney,
    salePriceOunce: optionalMoney,
    featured: z.boolean({ message: 'must be true or false' }).default(false),
    media: z
      .array(mediaUrlSchema, { message: 'must be a list of URLs' })
      .max(20, 'has too many files')
      .default([]),
    stock: stockAmount,
    strain: strainOption,
    strainTypes: z
      .array(strainName, { message: 'must be a list of strains' })
      .max(3, 'has too many strains')
      .default([])
      .superRefine(duplicatesCheck('strain type')),
    flavors: z
      .array(
        text({ message: 'must be text' })
          .trim()
          .min(1, 'Flavor cannot be empty')
          .max(100, 'is too long'),
        {
          message: 'must be a list of flavors',
        },
      )
      .max(50, 'has too many flavors')
      .default([])
      .superRefine(duplicatesCheck('flavor')),
    flavorStrains: z
      .record(text(), z.preprocess(emptyAsNull, strainName.nullable()), {
        message: 'must map flavors to strains',
      })
      .default({}),
    flavorStocks: z
      .record(text(), stockAmount, {
        message: 'must map flavors to stock',
      })
      .default({}),
    cannabisGrams: limitGrams,
    concentrateGrams: limitGrams,
    cannabis: z.boolean({ message: 'must be true or false' }).default(true),
    brand: optionalText(100),
    potencyUnit: z.preprocess(emptyAsNull, listedWord(POTENCY_UNITS, 'must be % or mg').nullable()),
    thc: optionalAmount(10_000),
    thcPerServing: optionalAmount(10_000),
    cbd: optionalAmount(10_000),
    cbdPerServing: optionalAmount(10_000),
    servingName: optionalText(30),
    netAmount: optionalAmount(100_000),
    netUnit: z.preprocess(
      emptyAsNull,
      listedWord(NET_UNITS, `must be one of ${NET_UNITS.join(', ')}`).nullable(),
    ),
    effects: z
      .array(listedWord(EFFECTS, `must be one of ${EFFECTS.join(', ')}`), {
        message: 'must be a list of effects',
      })
      .max(MAX_EFFECTS, `can list at most ${MAX_EFFECTS} effects`)
      .default([])
      .superRefine(duplicatesCheck('effect')),
    labDocument: z.preprocess(emptyAsNull, mediaUrlSchema.nullable()),
    labName: optionalText(100),
    labTestedOn: z.preprocess(
      emptyAsNull,
      text({ message: 'must be a date' })
        .trim()
        .refine(isCalendarDate, 'must be a date like 2026-11-30')
        .nullable(),
    ),
  })
  .superRefine(
    (p, ctx) => {
      // runs even when other fields failed (so a form shows every problem at once): the
      // body may not even be an object, and each field it reads is checked before use
      if (!p || typeof p !== 'object') return;
      const flavors = Array.isArray(p.flavors) ? p.flavors : [];
      const category = typeof p.category === 'string' ? p.category : '';
      if (p.stock === null && flavors.length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['stock'],
          message: 'is required unless the product has flavors',
        });
      }
      if (typeof p.stock === 'number') {
        const message = stockUnitMessage(category, p.stock);
        if (message) ctx.addIssue({ code: 'custom', path: ['stock'], message });
      }
      const stocks = p.flavorStocks && typeof p.flavorStocks === 'object' ? p.flavorStocks : {};
      for (const [flavor, amount] of Object.entries(stocks)) {
        const message = typeof amount === 'number' ? stockUnitMessage(category, amount) : null;
        if (message) ctx.addIssue({ code: 'custom', path: ['flavorStocks', flavor], message });
      }
      factProblems(p, ctx);
    },
    { when: () => true },
  )
  .transform((p) => {
    const strains = new Map(Object.entries(p.flavorStrains).map(([k, v]) => [k.trim(), v]));
    const stocks = new Map(Object.entries(p.flavorStocks).map(([k, v]) => [k.trim(), v]));
    // fromEntries makes own properties, so a flavor named "__proto__" stays a flavor.
    const flavorStrains: Record<string, StrainName> = Object.fromEntries(
      p.flavors.map((flavor) => [flavor, strains.get(flavor) ?? DEFAULT_FLAVOR_STRAIN]),
    );
    const flavorStocks: Record<string, number> = Object.fromEntries(
      p.flavors.flatMap((flavor) => {
        const amount = stocks.get(flavor);
        return typeof amount === 'number' ? [[flavor, amount]] : [];
      }),
    );
    const flavorTotal = Object.values(flavorStocks).reduce((sum, n) => sum + n, 0);
    const stock = Object.keys(flavorStocks).length > 0 ? flavorTotal : (p.stock ?? 0);
    return { ...p, flavorStrains, flavorStocks, stock };
  });

export type ProductBody = z.input<typeof productSchema>;

export type ProductFields = z.output<typeof productSchema>;

export const featuredSchema = z.object({
  featured: z.boolean({ message: 'must be true or false' }),
});

export const productResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    category: z.string().describe('category slug'),
    subcategory: z.string().nullable().describe('subcategory slug, or null for none'),
    description: z.string(),
    price: dollarAmount.describe('1/8 oz price for flower, otherwise unit price'),
    salePrice: optionalDollarAmount,
    priceQuarter: optionalDollarAmount,
    salePriceQuarter: optionalDollarAmount,
    priceHalf: optionalDollarAmount,
    salePriceHalf: optionalDollarAmount,
    priceOunce: optionalDollarAmount,
    salePriceOunce: optionalDollarAmount,
    featured: z.boolean(),
    media: z.array(z.string()).describe('image or video URLs'),
    stock: z.number().describe('grams for flower, units otherwise'),
    strain: z.enum(STRAIN_OPTIONS),
    strainTypes: z.array(z.string()),
    flavors: z.array(z.string()),
    flavorStrains: z.record(z.string(), z.string()),
    flavorStocks: z.record(z.string(), z.number()),
    cannabisGrams: z.number().describe('non-concentrated cannabis per unit, grams'),
    concentrateGrams: z.number().describe('concentrated cannabis per unit, grams'),
    cannabis: z
      .boolean()
      .describe('false for accessories and merchandise: no excise, no daily limit, sales tax only'),
    brand: z.string().nullable(),
    potencyUnit: z
      .enum(POTENCY_UNITS)
      .nullable()
      .describe(
        "'%': thc and cbd are the total percent of the weight; 'mg': milligrams in the package, with per-serving amounts",
      ),
    thc: z.number().nullable().describe('total THC, in potencyUnit'),
    thcPerServing: z.number().nullable().describe('mg of THC in one serving (mg products only)'),
    cbd: z.number().nullable().describe('total CBD, in potencyUnit'),
    cbdPerServing: z.number().nullable().describe('mg of CBD in one serving (mg products only)'),
    servingName: z.string().nullable().describe('what one serving is called; null reads "serving"'),
    netAmount: z.number().nullable().describe('net weight or volume of one unit'),
    netUnit: z.enum(NET_UNITS).nullable(),
    effects: z.array(z.enum(EFFECTS)).describe(`at most ${MAX_EFFECTS}`),
    labDocument: z.string().nullable().describe('lab results: a /media/ PDF or image'),
    labName: z.string().nullable(),
    labTestedOn: z.string().nullable().describe('YYYY-MM-DD'),
    createdAt: z.string(),
  })
  .meta({ id: 'Product' });

/** PATCH /api/products/:id: any product fields; the merged product is validated as on create. */
export const productPatchSchema = patchOf(productSchema.in);

/** Stock that orders still waiting for the shop hold, per product (back office). */
export const heldStockResponse = z
  .array(
    z.object({
      productId: z.number().int(),
      pendingOrders: z.number().int().describe('orders not accepted yet that hold this product'),
      held: z.number().describe('grams or units those orders took from stock'),
    }),
  )
  .meta({ id: 'HeldStock' });

export type HeldStock = z.output<typeof heldStockResponse>[number];

export type Product = z.output<typeof productResponse>;
