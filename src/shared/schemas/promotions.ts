/** Promotions: the form, its PATCH, the promo-code check and the answer. */

import { z } from 'zod';
import { DISCOUNT_TYPES, PROMOTION_COLORS, PROMOTION_DEFAULTS, WEEKDAYS } from '../constants';
import {
  emptyAsNull,
  emptyOrNumber,
  idOrNone,
  moneyNumber,
  requiredText,
  text,
  weekday,
} from './fields';
import { patchOf } from './http';
import { cartItemsSchema } from './orders';

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

export const validatePromoSchema = z.object({
  promoCode: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'Please enter a promo code')
    .max(50),
  cartItems: cartItemsSchema.default([]),
});

export type ValidatePromoInput = z.infer<typeof validatePromoSchema>;

export const promotionResponse = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    active: z.boolean(),
    color: z.enum(PROMOTION_COLORS),
    promoCode: z.string().nullable(),
    discountAmount: z.number().describe('dollars (fixed) or percent (percentage)'),
    discountType: z.enum(DISCOUNT_TYPES),
    applicableCategories: z.array(z.string()),
    freebieProductId: z.number().int().nullable(),
    displayOrder: z.number().int(),
    validDays: z.array(z.enum(WEEKDAYS)),
    isBogo50: z.boolean().describe('true only for the predefined BOGO50 row'),
  })
  .meta({ id: 'Promotion' });

/** PATCH /api/promotions/:id: any promotion fields; the merged promotion is validated as on create. */
export const promotionPatchSchema = patchOf(promotionSchema.in);

export const promoCheckResponse = z.union([
  z.object({
    valid: z.literal(true),
    promotion: z.object({
      promoCode: z.string(),
      discountAmount: z.number(),
      discountType: z.enum(DISCOUNT_TYPES),
      applicableCategories: z.array(z.string()),
      isBogo50: z.boolean(),
      freebieProduct: z
        .object({
          id: z.number().int(),
          name: z.string(),
          category: z.string(),
          subcategory: z.string().nullable(),
          price: z.number(),
        })
        .nullable(),
    }),
  }),
  z.object({
    valid: z.literal(false),
    error: z.string(),
    requiresOzItems: z.literal(true).optional(),
    applicableCategories: z.array(z.string()).optional(),
  }),
]);

export type Promotion = z.output<typeof promotionResponse>;
export type PromoCheck = z.output<typeof promoCheckResponse>;
