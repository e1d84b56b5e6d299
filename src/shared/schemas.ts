/** Payload schemas shared by the browser forms and the server routes: one definition each. */
import { z } from 'zod';
import { ORDER_STATUSES, ORDER_TYPES, QUANTITY_OPTIONS } from './constants';
import { signatureSchema } from './id-check/signature';
import { DRIVER_STATUSES, RETURN_REASONS } from './order-lifecycle';
import { paymentSchema } from './payment';

export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const requiredText = (max: number) =>
  z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`);

/** Half of a UTF-16 surrogate pair, alone: JSON can carry it, but it is no character. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Spec §4 dealer login: both fields required; the server alone judges them. */
export const loginSchema = z.object({
  username: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(64, 'must be at most 64 characters')
    // the username is looked up in a text column, which cannot hold NUL on PostgreSQL
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters')
    // half of a surrogate pair is no character: it cannot be stored, compared or keyed
    .refine((value) => !LONE_SURROGATE.test(value), 'must be text without broken characters'),
  password: z
    .string({ message: 'is required' })
    .min(1, 'is required')
    .max(256, 'must be at most 256 characters'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const contactSchema = z.object({
  name: requiredText(120),
  email: requiredText(254).regex(SIMPLE_EMAIL, 'must be a valid email address'),
  phone: requiredText(40),
  message: requiredText(5000),
});
export type ContactInput = z.infer<typeof contactSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const dollars = z
  .number({ message: 'must be a number' })
  .finite('must be a number')
  .min(-1, 'must not be negative')
  .max(1_000_000, 'is too large');

export const INVALID_QUANTITY_OPTION = 'Invalid quantity option';

/** One cart line as the browser sends it; the server re-prices it from the database. */
export const orderItemSchema = z.object({
  id: z.number({ message: 'must be a product id' }).int().positive('must be a product id'),
  name: z.string().trim().min(1, 'is required').max(200),
  price: dollars,
  quantity: z.enum(QUANTITY_OPTIONS, { message: INVALID_QUANTITY_OPTION }),
  count: z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(1),
  flavor: optionalText(100).transform((v) => v ?? undefined),
  strainType: optionalText(50).transform((v) => v ?? undefined),
});

export const cartItemsSchema = z.array(orderItemSchema).max(100, 'has too many items');

export const validatePromoSchema = z.object({
  promoCode: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'Please enter a promo code')
    .max(50),
  cartItems: cartItemsSchema.default([]),
});
export type ValidatePromoInput = z.infer<typeof validatePromoSchema>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const POSTAL_CODE = /^\d{5}$/;

/** Who orders and where it goes: the checkout's details card, judged as the order is. */
export const customerDetailsSchema = z.object({
  customer: requiredText(120),
  address: requiredText(300),
  phone: requiredText(40),
  email: optionalText(254).refine(
    (v) => v === null || SIMPLE_EMAIL.test(v),
    'must be a valid email address',
  ),
  deliveryNotes: optionalText(1000),
  /** issue 16: the delivery's postal code; without it the address's last five-digit group */
  postalCode: optionalText(10).refine(
    (v) => v === null || POSTAL_CODE.test(v),
    'must be a five-digit postal code',
  ),
});

/**
 * What the spec's client says about BOGO50. The server prices the deal itself, so none of it
 * is kept: its shape is checked (nothing nested where a number goes) and it is dropped.
 */
const clientBogo50Details = z
  .object({
    ozItemsCount: z.number().optional(),
    originalTotal: z.number().optional(),
    discountAmount: z.number().optional(),
    promotionText: z.string().max(200).optional(),
  })
  .nullish()
  .transform(() => undefined);

export const orderPlacementSchema = z
  .object({
    ...customerDetailsSchema.shape,
    items: cartItemsSchema.min(1, 'Your cart is empty. Add some items before placing an order.'),
    total: dollars.min(0, 'must not be negative'),
    deliveryFee: dollars.min(0).optional(),
    promoCode: optionalText(50),
    discountAmount: dollars.min(0).optional(),
    bogo50Details: clientBogo50Details,
    orderType: z
      .enum(ORDER_TYPES, { message: 'must be delivery, pickup or scheduled' })
      .default('delivery'),
    deliveryDate: z
      .string()
      .regex(DATE_ONLY, 'must be a date (YYYY-MM-DD)')
      .nullish()
      .transform((v) => v ?? null),
    deliveryTimeWindow: optionalText(40),
  })
  .refine((o) => o.orderType !== 'scheduled' || (o.deliveryDate && o.deliveryTimeWindow), {
    message: 'Scheduled delivery needs a date and a time window',
    path: ['deliveryDate'],
  });
export type OrderPlacementInput = z.input<typeof orderPlacementSchema>;
export type OrderPlacement = z.output<typeof orderPlacementSchema>;

export const orderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { message: `must be one of ${ORDER_STATUSES.join(', ')}` }),
  /** why the order is cancelled (voided): required where sales are records */
  reason: z
    .string({ message: 'must be text' })
    .trim()
    .max(300, 'must be at most 300 characters')
    .optional(),
  /** the customer's signature, when staff hand a delivery over from the back office */
  signature: signatureSchema.optional(),
  /** what the customer paid at handover */
  payment: paymentSchema.optional(),
});
/** Why an order is voided before handover (issue 37 §1): a sale's record keeps the reason. */
export const orderVoidSchema = z.object({
  reason: z
    .string({ message: 'is required' })
    .trim()
    .min(3, 'must say why, in at least 3 characters')
    .max(300, 'must be at most 300 characters'),
});

export const driverAssignmentSchema = z.object({
  driverId: z
    .number({ message: 'must be a staff id or null' })
    .int('must be a staff id or null')
    .positive('must be a staff id or null')
    .nullable(),
});

/** What a driver may do with a stop of theirs (issue 17 §2). */
export const deliveryStatusSchema = z
  .object({
    status: z.enum(DRIVER_STATUSES, { message: `must be one of ${DRIVER_STATUSES.join(', ')}` }),
    returnReason: z
      .enum(RETURN_REASONS, { message: `must be one of ${RETURN_REASONS.join(', ')}` })
      .optional(),
    /** the customer's signature, required to hand the order over */
    signature: signatureSchema.optional(),
    /** what the customer paid at the door */
    payment: paymentSchema.optional(),
    /** the driver's own words on why it came back */
    note: z
      .string({ message: 'must be text' })
      .trim()
      .max(300, 'must be at most 300 characters')
      .optional(),
  })
  .refine((change) => change.status !== 'returned' || change.returnReason, {
    message: 'is required when the order is returned',
    path: ['returnReason'],
  });

/** Nobody home: the stop goes back on the driver's list for another try (issue 36 item 11). */
export const deliveryAttemptSchema = z.object({
  note: z
    .string({ message: 'must be text' })
    .trim()
    .max(300, 'must be at most 300 characters')
    .optional(),
});

export const orderDeliverySchema = z.object({
  deliveryDate: z
    .string({ message: 'is required' })
    .regex(DATE_ONLY, 'must be a date (YYYY-MM-DD)'),
  deliveryTimeWindow: requiredText(40),
  deliveryNotes: optionalText(1000),
});
