/** Orders: the cart lines and checkout the shopper sends, the staff's changes, and the order as the API answers it. */

import { z } from 'zod';
import { ORDER_STATUSES, ORDER_TYPES, QUANTITY_OPTIONS } from '../constants';
import { ID_CHECK_METHODS, ID_TYPES } from '../id-check/door-check';
import { signatureSchema } from '../id-check/signature';
import { DRIVER_STATUSES, RETURN_REASONS } from '../order-lifecycle';
import { paymentSchema } from '../payment';
import {
  dollarAmount,
  isCalendarDate,
  nullableLine,
  POSTAL_CODE,
  payloadDollars,
  reasonText,
  requiredText,
  SIMPLE_EMAIL,
} from './fields';

export const INVALID_QUANTITY_OPTION = 'Invalid quantity option';

/** One cart line as the browser sends it; the server re-prices it from the database. */
export const orderItemSchema = z.object({
  id: z.number({ message: 'must be a product id' }).int().positive('must be a product id'),
  name: z.string().trim().min(1, 'is required').max(200),
  price: payloadDollars,
  quantity: z.enum(QUANTITY_OPTIONS, { message: INVALID_QUANTITY_OPTION }),
  count: z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(1),
  flavor: nullableLine(100).transform((v) => v ?? undefined),
  strainType: nullableLine(50).transform((v) => v ?? undefined),
});

export const cartItemsSchema = z.array(orderItemSchema).max(100, 'has too many items');

/** Who orders and where it goes: the checkout's details card, judged as the order is. */
export const customerDetailsSchema = z.object({
  customer: requiredText(120),
  address: requiredText(300),
  phone: requiredText(40),
  email: nullableLine(254).refine(
    (v) => v === null || SIMPLE_EMAIL.test(v),
    'must be a valid email address',
  ),
  deliveryNotes: nullableLine(1000),
  /** the delivery's postal code; without it the address's last five-digit group */
  postalCode: nullableLine(10).refine(
    (v) => v === null || POSTAL_CODE.test(v),
    'must be a five-digit postal code',
  ),
});

/**
 * What the spec's client says about BOGO50. The server prices the deal itself, so none of it
 * is kept: its shape is checked (nothing nested where a number goes) and it is dropped.
 */
export const clientBogo50Details = z
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
    total: payloadDollars.min(0, 'must not be negative'),
    deliveryFee: payloadDollars.min(0).optional(),
    promoCode: nullableLine(50),
    discountAmount: payloadDollars.min(0).optional(),
    bogo50Details: clientBogo50Details,
    orderType: z
      .enum(ORDER_TYPES, { message: 'must be delivery, pickup or scheduled' })
      .default('delivery'),
    deliveryDate: z
      .string()
      .refine(isCalendarDate, 'must be a date (YYYY-MM-DD)')
      .nullish()
      .transform((v) => v ?? null),
    deliveryTimeWindow: nullableLine(40),
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

/** Why an order is voided before handover: a sale's record keeps the reason. */
export const orderVoidSchema = z.object({
  reason: reasonText(3),
});

export const driverAssignmentSchema = z.object({
  driverId: z
    .number({ message: 'must be a staff id or null' })
    .int('must be a staff id or null')
    .positive('must be a staff id or null')
    .nullable(),
});

/** What a driver may do with a stop of theirs. */
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

/** Nobody home: the stop goes back on the driver's list for another try. */
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
    .refine(isCalendarDate, 'must be a date (YYYY-MM-DD)'),
  deliveryTimeWindow: requiredText(40),
  deliveryNotes: nullableLine(1000),
});

export const orderItemResponse = z.object({
  id: z.number().int().describe("the product's id"),
  lineId: z
    .number()
    .int()
    .optional()
    .describe("the order line's own id (returns name lines by it)"),
  name: z.string(),
  price: dollarAmount.describe('unit price in dollars; -1 = Bulk / to be determined; 0 = free'),
  quantity: z.enum(QUANTITY_OPTIONS),
  count: z.number().int(),
  flavor: z.string().optional(),
  strainType: z.string().optional(),
  cannabis: z.boolean().describe("the product's cannabis flag when the order was placed"),
});

/** Spec §3 BOGO50: what the deal took off, as the order shows it. */
const bogo50DetailsResponse = z.object({
  ozItemsCount: z.number(),
  originalTotal: z.number(),
  discountAmount: z.number(),
  promotionText: z.string(),
});

/** One tax line of the shop's rule set, included in the order's total. */
const orderTaxResponse = z.object({
  name: z.string(),
  rate: z.number().describe('percent'),
  amount: dollarAmount,
});

/** The driver an order is assigned to: first name only, since shoppers see it too. */
const orderDriverResponse = z.object({ id: z.number().int(), firstName: z.string() });

/** A return after handover: its own record; the goods are kept apart for destruction. */
const orderReturnResponse = z.object({
  id: z.number().int(),
  at: z.string(),
  reason: z.string(),
  items: z.array(
    z.object({
      lineId: z.number().int(),
      name: z.string(),
      quantity: z.enum(QUANTITY_OPTIONS),
      count: z.number().int(),
    }),
  ),
  value: dollarAmount.describe('the returned goods at the prices paid'),
});

export const orderResponse = z
  .object({
    id: z.number().int(),
    customer: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    status: z.enum(ORDER_STATUSES),
    total: dollarAmount,
    date: z.string(),
    items: z.array(orderItemResponse),
    deliveryDate: z.string().nullable(),
    deliveryTimeWindow: z.string().nullable(),
    deliveryNotes: z.string().nullable(),
    deliveryFee: dollarAmount,
    promoCode: z.string().nullable(),
    discountAmount: dollarAmount,
    bogo50Details: bogo50DetailsResponse.nullable(),
    orderType: z.enum(ORDER_TYPES),
    taxes: z
      .array(orderTaxResponse)
      .describe("tax lines of the shop's rule set, included in total; [] without one"),
    statusToken: z.string().describe('the secret of the status link /o/{statusToken}'),
    driver: orderDriverResponse.nullable().describe('the driver the order is assigned to'),
    completedAt: z.string().nullable().describe('when it was delivered or picked up'),
    returnReason: z.enum(RETURN_REASONS).nullable().describe('why a delivery came back'),
    idCheck: z
      .object({
        method: z.enum(ID_CHECK_METHODS),
        passed: z.boolean(),
        checks: z.object({
          ofAge: z.boolean(),
          notExpired: z.boolean(),
          nameMatches: z.boolean(),
          withinDailyLimits: z.boolean().optional(),
        }),
        nameConfirmed: z.boolean(),
        reasons: z.array(z.string()),
        driverId: z.number().int().describe('who checked: the driver, or staff at the counter'),
        at: z.string(),
        idType: z.enum(ID_TYPES).optional(),
        override: z
          .object({ byName: z.string(), reason: z.string(), at: z.string() })
          .optional()
          .describe("the owner's leave this check was made under, after a failed one"),
      })
      .nullable()
      .describe('the last ID check at the door (never the ID number or birth date)'),
    saleDate: z
      .string()
      .nullable()
      .describe('the shop day the goods change hands, which the daily limits count'),
    cannabisGrams: z.number().describe("what the order counts toward that day's flower limit"),
    concentrateGrams: z
      .number()
      .describe("what the order counts toward that day's concentrate limit"),
    voidReason: z.string().nullable().describe('why staff voided (cancelled) it'),
    idCheckOverride: z
      .object({ byName: z.string(), reason: z.string(), at: z.string(), used: z.boolean() })
      .nullable()
      .describe("an owner's leave to check the ID again after a failed check"),
    handoverNote: z
      .string()
      .nullable()
      .describe('what the handover changed, e.g. a tax re-priced at the rate then in force'),
    deliveryAttempts: z
      .number()
      .int()
      .describe('times the driver found nobody home and will try again'),
    attemptNote: z.string().nullable().describe("the driver's note on the last attempt"),
    payment: paymentSchema.nullable().describe('what the customer paid at handover'),
    expiredAt: z
      .string()
      .nullable()
      .describe('when the shop cancelled it because nobody accepted it in time'),
    returns: z.array(orderReturnResponse).describe('returns recorded after handover, oldest first'),
  })
  .meta({ id: 'Order' });

/** A driver the dispatcher can give a delivery to. */
export const driverResponse = orderDriverResponse
  .extend({ employeeNumber: z.string() })
  .meta({ id: 'Driver' });

/** What an order's status link shows, to anyone holding the link: no phone, email or address. */
export const orderStatusViewResponse = z
  .object({
    id: z.number().int(),
    status: z.enum(ORDER_STATUSES),
    orderType: z.enum(ORDER_TYPES),
    firstName: z.string(),
    date: z.string(),
    deliveryDate: z.string().nullable(),
    deliveryTimeWindow: z.string().nullable(),
    items: z.array(orderItemResponse),
    deliveryFee: dollarAmount,
    discountAmount: dollarAmount,
    taxes: z.array(orderTaxResponse),
    total: dollarAmount,
    driverFirstName: z.string().nullable().describe('once the order is out for delivery'),
    deliveryAttempts: z.number().int().describe('times the driver found nobody home'),
    attemptNote: z.string().nullable().describe("the driver's note on the last attempt"),
    expiredAt: z
      .string()
      .nullable()
      .describe('when the shop cancelled it because nobody accepted it in time'),
  })
  .meta({ id: 'OrderStatusView' });

export type OrderItem = z.output<typeof orderItemResponse>;
export type Bogo50Details = z.output<typeof bogo50DetailsResponse>;
export type OrderTax = z.output<typeof orderTaxResponse>;
export type OrderDriver = z.output<typeof orderDriverResponse>;
export type OrderReturn = z.output<typeof orderReturnResponse>;
export type Order = z.output<typeof orderResponse>;
export type Driver = z.output<typeof driverResponse>;
export type OrderStatusView = z.output<typeof orderStatusViewResponse>;

/** A cart line as the browser keeps it under the key `cart` (spec §3): price is the sale price if any, -1 = Bulk, 0 = free. */
export type CartItem = Omit<OrderItem, 'lineId' | 'cannabis'>;
