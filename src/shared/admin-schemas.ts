/**
 * Payload schemas of the dealer's write calls (spec §5 forms, §7 calls), shared
 * by the back-office forms and the server routes. Every schema outputs the API
 * shape (dollars, camelCase) with the spec's defaults filled in.
 */
import { z } from 'zod';
import { JURISDICTIONS } from './compliance/rule-sets';
import {
  DEFAULT_FLAVOR_STRAIN,
  DEFAULT_SLOT_CAPACITY,
  DISCOUNT_TYPES,
  FLOWER_CATEGORY_SLUG,
  PROMOTION_COLORS,
  PROMOTION_DEFAULTS,
  STRAIN_OPTIONS,
  STRAINS,
  type StrainName,
  WEEKDAYS,
} from './constants';
import { EFFECTS, MAX_EFFECTS, NET_UNITS, POTENCY_UNITS } from './product-facts';
import { categorySlug } from './slugs';

const MAX_MONEY = 1_000_000;
const MAX_STOCK = 1_000_000;

/** Text without NUL characters, which PostgreSQL cannot store in a text column. */
const text = (params?: { message: string }) =>
  z.string(params).refine((value) => !value.includes('\u0000'), 'must not contain NUL characters');

const requiredText = (max: number, message = 'is required') =>
  text({ message }).trim().min(1, message).max(max, `must be at most ${max} characters`);

/** Empty strings and undefined read as null: the forms send "" for an empty optional input. */
const emptyAsNull = (value: unknown) => (value === '' || value === undefined ? null : value);

/** Number inputs may arrive as their text ("45.00"); anything else is left for the schema to refuse. */
const NUMERIC_TEXT = /^\s*\d+(\.\d+)?\s*$/;
const numeric = (value: unknown) =>
  typeof value === 'string' && NUMERIC_TEXT.test(value) ? Number(value) : value;
const emptyOrNumber = (value: unknown) => emptyAsNull(numeric(value));
/** An id from a select: "", "none", null, undefined read as none. */
const idOrNone = (value: unknown) =>
  typeof value === 'string' && ['none', 'null'].includes(value.trim().toLowerCase())
    ? null
    : emptyOrNumber(value);

/** A missing amount "is required"; anything else that is not a number "must be a number". */
const numberMessage = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === ''
    ? 'is required'
    : 'must be a number';

const moneyNumber = z
  .number({ error: numberMessage })
  .finite('must be a number')
  .min(0, 'must be at least 0')
  .max(MAX_MONEY, 'is too large');
const money = z.preprocess(numeric, moneyNumber);

/** An optional price: null (or "" or missing) means none, e.g. no sale. */
const optionalMoney = z.preprocess(emptyOrNumber, moneyNumber.nullable());

const stockNumber = z
  .number({ message: 'must be a number' })
  .finite('must be a number')
  .min(0, 'must be at least 0')
  .max(MAX_STOCK, 'is too large');
const stockAmount = z.preprocess(emptyOrNumber, stockNumber.nullable());

/** Grams of cannabis in one unit, for the daily limits (issue 16); empty = 0. */
const limitGrams = z.preprocess(
  (value) => emptyOrNumber(value) ?? 0,
  z
    .number({ message: 'must be a number of grams' })
    .finite('must be a number of grams')
    .min(0, 'must be at least 0')
    .max(1000, 'must be at most 1000 g')
    .refine(
      (grams) => Number.isInteger(Math.round(grams * 10000) / 10),
      'can have at most 3 decimals',
    ),
);

const strainOption = z.preprocess(
  (value) => {
    if (value === '' || value === null || value === undefined) return 'none';
    if (typeof value !== 'string') return value;
    const match = STRAIN_OPTIONS.find((s) => s.toLowerCase() === value.trim().toLowerCase());
    return match ?? value;
  },
  z.enum(STRAIN_OPTIONS, { message: 'must be none, Sativa, Indica or Hybrid' }),
);

const strainName = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    return STRAINS.find((s) => s.toLowerCase() === value.trim().toLowerCase()) ?? value;
  },
  z.enum(STRAINS, { message: 'must be Sativa, Indica or Hybrid' }),
);

const SAFE_MEDIA_PATH = /^\/media\/[A-Za-z0-9._-]+$/;
function isWebUrl(value: string): boolean {
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

/** Optional free text of the product facts: "" or missing means not stated. */
const optionalText = (max: number) =>
  z.preprocess(
    emptyAsNull,
    text({ message: 'must be text' })
      .trim()
      .max(max, `must be at most ${max} characters`)
      .nullable(),
  );

/** An optional amount of a product fact (potency, size): "" or missing means not stated. */
const optionalAmount = (max: number) =>
  z.preprocess(
    emptyOrNumber,
    z
      .number({ message: 'must be a number' })
      .finite('must be a number')
      .min(0, 'must be at least 0')
      .max(max, `must be at most ${max}`)
      .nullable(),
  );

/** A word of a fixed list, matched without regard to case or surrounding spaces. */
function listedWord<const T extends readonly [string, ...string[]]>(words: T, message: string) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      return words.find((w) => w.toLowerCase() === value.trim().toLowerCase()) ?? value;
    },
    z.enum(words, { message }),
  );
}

function duplicatesCheck(label: string) {
  return (list: string[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    list.forEach((item, index) => {
      const key = item.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [index], message: `Duplicate ${label}: ${item}` });
      seen.add(key);
    });
  };
}

const isFlower = (category: string) => category === FLOWER_CATEGORY_SLUG;

/** Flower stock is grams sold in halves (3.5 g steps add up to 0.5 multiples); other stock is whole units. */
function stockUnitMessage(category: string, amount: number): string | null {
  if (isFlower(category))
    return Number.isInteger(amount * 2) ? null : 'must be a multiple of 0.5 grams';
  return Number.isInteger(amount) ? null : 'must be a whole number';
}

/** How the facts of issue 40 §1 must agree: a potency needs its unit, a size its unit, and so on. */
function factProblems(p: Record<string, unknown>, ctx: z.RefinementCtx): void {
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
    description: z.preprocess(
      (v) => (v === null || v === undefined ? '' : v),
      text({ message: 'must be text' }).trim().max(5000, 'must be at most 5000 characters'),
    ),
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

const categoryId = z
  .number({ message: 'must be a category id' })
  .int('must be a category id')
  .min(0)
  .max(2_147_483_647);

/**
 * Category form (spec §5). The name may arrive empty so that the service can answer
 * the form's own texts (Category name cannot be empty / Subcategory name cannot be empty);
 * the slug is derived from the name when empty.
 */
export const categorySchema = z.object({
  name: z.preprocess(
    (v) => v ?? '',
    text({ message: 'must be text' }).trim().max(100, 'must be at most 100 characters'),
  ),
  slug: z.preprocess(
    (v) => v ?? '',
    text({ message: 'must be text' }).trim().max(100, 'must be at most 100 characters'),
  ),
  description: z.preprocess(
    emptyAsNull,
    text({ message: 'must be text' })
      .trim()
      .max(2000, 'must be at most 2000 characters')
      .nullable()
      .transform((v) => (v ? v : null)),
  ),
  /** 0, null or missing = top level */
  parentId: z.preprocess(idOrNone, categoryId.nullable()).transform((v) => (v ? v : null)),
});
export type CategoryBody = z.input<typeof categorySchema>;
export type CategoryFields = z.output<typeof categorySchema>;

/** Spec §5 category form: the name is required, in the words of the form it is missing from. */
export function emptyCategoryNameMessage(parentId: number | null): string {
  return parentId ? 'Subcategory name cannot be empty' : 'Category name cannot be empty';
}
export const SLUG_WITHOUT_LETTERS = 'Slug must contain letters or digits';

/** The category form as the dealer fills it: the service's own checks, before sending. */
export const categoryFormSchema = categorySchema.superRefine((value, ctx) => {
  if (!value.name)
    ctx.addIssue({
      code: 'custom',
      path: ['name'],
      message: emptyCategoryNameMessage(value.parentId),
    });
  else if (!categorySlug(value.slug || value.name))
    ctx.addIssue({ code: 'custom', path: ['slug'], message: SLUG_WITHOUT_LETTERS });
});

export const categoryReorderSchema = z
  .object({
    updates: z
      .array(
        z.object({
          id: categoryId.min(1, 'must be a category id'),
          sortOrder: z
            .number({ message: 'must be a number' })
            .int('must be a whole number')
            .min(1, 'must be at least 1'),
        }),
        { message: 'must be a list of {id, sortOrder}' },
      )
      .min(1, 'must list at least one category')
      .max(500, 'has too many categories'),
  })
  .superRefine(({ updates }, ctx) => {
    const ids = new Set(updates.map((u) => u.id));
    if (ids.size !== updates.length)
      ctx.addIssue({ code: 'custom', path: ['updates'], message: 'lists a category twice' });
    const orders = new Set(updates.map((u) => u.sortOrder));
    const inRange = updates.every((u) => u.sortOrder <= updates.length);
    if (orders.size !== updates.length || !inRange) {
      ctx.addIssue({
        code: 'custom',
        path: ['updates'],
        message: `sortOrder must number the categories 1 to ${updates.length}`,
      });
    }
  });

const weekday = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(WEEKDAYS, { message: 'must be a weekday name (monday to sunday)' }),
);

export const ZERO_DISCOUNT_WITH_CODE = 'must be more than 0 when the promotion has a promo code';

/** Promotion form (spec §3, §5, §9 defaults). discountAmount is dollars (fixed) or percent (percentage). */
export const promotionSchema = z
  .object({
    title: requiredText(200, 'Title is required'),
    description: requiredText(2000, 'Description is required'),
    active: z.boolean({ message: 'must be true or false' }).default(PROMOTION_DEFAULTS.active),
    color: z
      .preprocess(
        emptyAsNull,
        z
          .enum(PROMOTION_COLORS, { message: `must be one of ${PROMOTION_COLORS.join(', ')}` })
          .nullable(),
      )
      .transform((v) => v ?? PROMOTION_DEFAULTS.color),
    promoCode: z.preprocess(
      emptyAsNull,
      text({ message: 'must be text' })
        .trim()
        .toUpperCase()
        .max(50, 'must be at most 50 characters')
        .regex(/^[A-Z0-9_-]*$/, 'may contain only letters, digits, - and _')
        .nullable()
        .transform((v) => (v ? v : null)),
    ),
    discountType: z
      .preprocess(
        emptyAsNull,
        z.enum(DISCOUNT_TYPES, { message: 'must be fixed, percentage or freebie' }).nullable(),
      )
      .transform((v) => v ?? PROMOTION_DEFAULTS.discountType),
    discountAmount: z
      .preprocess(emptyOrNumber, moneyNumber.nullable())
      .transform((v) => v ?? PROMOTION_DEFAULTS.discountAmount),
    applicableCategories: z
      .array(
        text({ message: 'must be a category slug' })
          .trim()
          .min(1, 'must be a category slug')
          .max(100),
        {
          message: 'must be a list of category slugs',
        },
      )
      .max(200, 'has too many categories')
      .default([])
      .transform((list) => [...new Set(list)]),
    freebieProductId: z
      .preprocess(
        idOrNone,
        z
          .number({ message: 'must be a product id' })
          .int('must be a product id')
          .min(0)
          .max(2_147_483_647)
          .nullable(),
      )
      .transform((v) => (v ? v : null)),
    displayOrder: z
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be at least 0')
      .max(1_000_000, 'is too large')
      .default(PROMOTION_DEFAULTS.displayOrder),
    validDays: z
      .array(weekday, { message: 'must be a list of weekday names' })
      .default(PROMOTION_DEFAULTS.validDays)
      .transform((days) => WEEKDAYS.filter((d) => days.includes(d))),
  })
  .superRefine((p, ctx) => {
    if (p.discountType === 'percentage' && p.discountAmount > 100) {
      ctx.addIssue({
        code: 'custom',
        path: ['discountAmount'],
        message: 'must be at most 100 for a percentage',
      });
    }
    if (p.promoCode && p.discountType !== 'freebie' && p.discountAmount <= 0) {
      // a code that takes nothing off is a code shoppers are told is valid and then pay full price
      ctx.addIssue({
        code: 'custom',
        path: ['discountAmount'],
        message: ZERO_DISCOUNT_WITH_CODE,
      });
    }
    if (p.discountType === 'freebie' && !p.freebieProductId) {
      ctx.addIssue({
        code: 'custom',
        path: ['freebieProductId'],
        message: 'Please select a free product',
      });
    }
  })
  .transform((p) => ({
    ...p,
    freebieProductId: p.discountType === 'freebie' ? p.freebieProductId : null,
  }));
export type PromotionBody = z.input<typeof promotionSchema>;
export type PromotionFields = z.output<typeof promotionSchema>;

export const INVALID_SLOT = 'Invalid slot: Please fill in all required fields with valid values.';
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK_TIME = /^(1[0-2]|0?[1-9]):([0-5]\d)\s?([AaPp][Mm])$/;

function isCalendarDate(value: string): boolean {
  const match = DATE_ONLY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** "9:00 AM" style, normalised to "9:00 AM" (no leading zero, upper-case meridiem). */
const clockTime = requiredText(20)
  .refine((v) => CLOCK_TIME.test(v), 'must be a time like 9:00 AM')
  .transform((v) => {
    const [, h, m, meridiem] = CLOCK_TIME.exec(v)!;
    return `${Number(h)}:${m} ${meridiem.toUpperCase()}`;
  });

/** Slot creation (spec §5); currentOrders is not settable and is ignored. */
export const scheduleSlotSchema = z.object({
  date: requiredText(10).refine(isCalendarDate, 'must be a date (YYYY-MM-DD)'),
  startTime: clockTime,
  endTime: clockTime,
  maxOrders: z
    .preprocess(
      emptyOrNumber,
      z
        .number({ message: 'must be a number' })
        .int('must be a whole number')
        .min(0, 'must be at least 0')
        .max(10_000, 'is too large')
        .nullable(),
    )
    .transform((v) => v ?? DEFAULT_SLOT_CAPACITY),
  notes: z.preprocess(
    emptyAsNull,
    text({ message: 'must be text' })
      .trim()
      .max(500, 'must be at most 500 characters')
      .nullable()
      .transform((v) => (v ? v : null)),
  ),
});
export type ScheduleSlotBody = z.input<typeof scheduleSlotSchema>;

const CAPITALISED_WEEKDAYS = WEEKDAYS.map((d) => d[0].toUpperCase() + d.slice(1));

const windowLabels = z
  .array(text({ message: 'must be a time window' }).trim().min(1).max(40), {
    message: 'must be a list of time windows',
  })
  .max(48, 'has too many windows');

/** A tax rate in percent (9.125 = 9.125%, to a thousandth as local rates are set); null, "" or missing = none. */
export const taxRate = z.preprocess(
  emptyOrNumber,
  z
    .number({ message: 'must be a number' })
    .finite('must be a number')
    .min(0, 'must be at least 0')
    .max(50, 'must be at most 50 (it is a percentage)')
    .refine(
      (rate) => Number.isInteger(Math.round(rate * 10000) / 10),
      'can have at most 3 decimals',
    )
    .nullable(),
);

const postalCode = text({ message: 'must be a postal code' })
  .trim()
  .regex(/^\d{5}$/, 'must be a five-digit postal code');

/** A delivery zone (issue 16): its postal codes, fee, minimum and optional threshold, tax and note. */
export const deliveryZoneSchema = z.object({
  name: requiredText(100),
  /** a list, or the form's text: codes separated by commas or spaces */
  postalCodes: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(/[\s,;]+/).filter(Boolean) : value),
    z
      .array(postalCode, { message: 'must be a list of postal codes' })
      .min(1, 'needs at least one postal code')
      .max(500, 'has too many postal codes')
      .transform((codes) => [...new Set(codes)]),
  ),
  fee: money,
  minimum: money,
  freeDeliveryOver: optionalMoney.optional().transform((v) => v ?? null),
  salesTaxRate: taxRate.optional().transform((v) => v ?? null),
  note: z
    .preprocess(
      emptyAsNull,
      text({ message: 'must be text' })
        .trim()
        .max(200, 'must be at most 200 characters')
        .nullable(),
    )
    .optional()
    .transform((v) => v || null),
});
export type DeliveryZoneBody = z.input<typeof deliveryZoneSchema>;
export type DeliveryZoneFields = z.output<typeof deliveryZoneSchema>;

/** Weekly availability form (spec §3 dealer_settings): capitalised weekday names; deliveryHours a JSON string. */
export const dealerSettingsSchema = z.object({
  availableDays: z
    .array(
      z.preprocess(
        (v) =>
          typeof v === 'string'
            ? (CAPITALISED_WEEKDAYS.find((d) => d.toLowerCase() === v.trim().toLowerCase()) ?? v)
            : v,
        z.enum(CAPITALISED_WEEKDAYS as [string, ...string[]], {
          message: 'must be a weekday name (Monday to Sunday)',
        }),
      ),
      { message: 'is required (a list of weekday names)' },
    )
    .transform((days) => CAPITALISED_WEEKDAYS.filter((d) => days.includes(d))),
  /** a JSON-encoded list of window labels; a plain list is accepted too */
  deliveryHours: z
    .union([text().max(5000, 'is too long'), windowLabels, z.null()])
    .optional()
    .transform((value, ctx) => {
      if (value === null || value === undefined || value === '') return undefined;
      if (Array.isArray(value)) return JSON.stringify(value);
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        parsed = undefined;
      }
      const list = windowLabels.safeParse(parsed);
      if (!list.success) {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON list of time windows' });
        return z.NEVER;
      }
      return JSON.stringify(list.data);
    }),
  /** missing keeps the saved notes; "" or null clears them */
  deliveryNotes: text({ message: 'must be text' })
    .trim()
    .max(2000, 'must be at most 2000 characters')
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
});
export type DealerSettingsBody = z.input<typeof dealerSettingsSchema>;
export type DealerSettingsFields = z.output<typeof dealerSettingsSchema>;

/** The Compliance screen (issue 16): the checkout rule set and the shop's tax rates; missing keeps. */
export const complianceSettingsSchema = z.object({
  jurisdiction: z
    .enum(JURISDICTIONS, { message: `must be one of ${JURISDICTIONS.join(', ')}` })
    .optional(),
  salesTaxRate: taxRate.optional(),
  localTaxRate: taxRate.optional(),
  /** out-the-door prices on the menu and in the cart: a display choice over the same totals */
  pricesIncludeTaxes: z.boolean({ message: 'must be true or false' }).optional(),
});
export type ComplianceSettingsBody = z.input<typeof complianceSettingsSchema>;
export type ComplianceSettingsFields = z.output<typeof complianceSettingsSchema>;
const COMPLIANCE_FIELDS = Object.keys(
  complianceSettingsSchema.shape,
) as (keyof ComplianceSettingsFields)[];

/** The Compliance screen's part of a settings change (the owner's, unlike the weekly schedule). */
export function changesCompliance(body: ComplianceSettingsFields): boolean {
  return COMPLIANCE_FIELDS.some((field) => body[field] !== undefined);
}

/** A whole number within bounds, from a form's text or a JSON number. */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    numeric,
    z
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`),
  );

/**
 * The Order limits form (issue 38): what one order may take, how long a placed order waits for
 * the shop, how many scheduled orders may wait; missing keeps. Defaults in order-limits.ts.
 */
export const orderLimitsSchema = z.object({
  maxLineCount: wholeNumber(1, 1000).optional(),
  maxOrderSubtotal: z
    .preprocess(
      numeric,
      z
        .number({ message: 'must be a number' })
        .finite('must be a number')
        .min(1, 'must be at least 1')
        .max(1_000_000, 'must be at most 1000000')
        .refine((v) => Number.isInteger(Math.round(v * 1000) / 10), 'can have at most 2 decimals'),
    )
    .optional(),
  acceptWithinMinutes: wholeNumber(5, 7 * 24 * 60).optional(),
  scheduledAcceptLeadMinutes: wholeNumber(0, 24 * 60).optional(),
  maxOpenScheduledPerPhone: wholeNumber(1, 1000).optional(),
  maxPendingScheduledPerDay: wholeNumber(1, 100_000).optional(),
});
export type OrderLimitsBody = z.input<typeof orderLimitsSchema>;
export type OrderLimitsFields = z.output<typeof orderLimitsSchema>;
const ORDER_LIMIT_KEYS = Object.keys(orderLimitsSchema.shape) as (keyof OrderLimitsFields)[];

/** The Order limits part of a settings change (the owner's, like the Compliance screen). */
export function changesOrderLimits(body: OrderLimitsFields): boolean {
  return ORDER_LIMIT_KEYS.some((field) => body[field] !== undefined);
}

/**
 * PATCH /api/dealer-settings: the weekly availability (spec: availableDays required) or, from
 * the Compliance screen, only the rule set and tax rates (issue 16), or from the Order limits
 * screen only those (issue 38); together is fine.
 */
export const dealerSettingsPatchSchema = dealerSettingsSchema
  .partial({ availableDays: true })
  .extend(complianceSettingsSchema.shape)
  .extend(orderLimitsSchema.shape)
  .superRefine((body, ctx) => {
    if (body.availableDays === undefined && !changesCompliance(body) && !changesOrderLimits(body)) {
      ctx.addIssue({
        code: 'custom',
        path: ['availableDays'],
        message: 'is required (a list of weekday names)',
      });
    }
  });
export type DealerSettingsPatch = z.output<typeof dealerSettingsPatchSchema>;

/** A store-profile line: optional, trimmed, bounded ("" when the shop leaves it out). */
const profileText = (max: number) =>
  z.preprocess(
    (value) => value ?? '',
    text({ message: 'must be text' }).trim().max(max, `must be at most ${max} characters`),
  );

/**
 * The shop facts shoppers look for (issue 15): shown in the footer, on the Pickup tab and in
 * the cart. Every line is optional; an empty one is simply not shown.
 */
export const storeProfileSchema = z.object({
  shopName: profileText(80),
  /** the licensee's legal business name, printed on every receipt (DCC §15420) */
  legalName: profileText(120),
  pickupAddress: profileText(200),
  openingHours: profileText(200),
  phone: profileText(40),
  licenseNumber: profileText(60),
  deliveryArea: profileText(300),
  paymentMethods: profileText(200),
});
export type StoreProfileBody = z.input<typeof storeProfileSchema>;
export type StoreProfile = z.output<typeof storeProfileSchema>;
export const STORE_PROFILE_FIELDS = Object.keys(storeProfileSchema.shape) as (keyof StoreProfile)[];

/** The label of each line, in the dealer's form and in its error sentences. */
export const STORE_PROFILE_LABELS: Record<keyof StoreProfile, string> = {
  shopName: 'Shop name',
  legalName: 'Legal business name',
  pickupAddress: 'Pickup address',
  openingHours: 'Opening hours',
  phone: 'Phone',
  licenseNumber: 'Licence number',
  deliveryArea: 'Delivery area',
  paymentMethods: 'Payment methods',
};
