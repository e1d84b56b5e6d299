/**
 * Response shapes of the JSON API (spec §3, §7) as zod schemas: the server's routes declare them,
 * so answers are checked on the way out and the OpenAPI document describes them. Each entity
 * schema is held equal to its interface in types.ts at compile time (see the end of this file).
 */
import { z } from 'zod';
import { categorySchema, productSchema, promotionSchema } from './admin-schemas';
import type { DeliveryZone } from './compliance/zones';
import {
  DISCOUNT_TYPES,
  ORDER_STATUSES,
  ORDER_TYPES,
  PROMOTION_COLORS,
  QUANTITY_OPTIONS,
  STRAIN_OPTIONS,
  WEEKDAYS,
} from './constants';
import { ERROR_CODES } from './error-codes';
import type { ChatMessagePayload } from './events';
import { ID_CHECK_METHODS, ID_TYPES } from './id-check/door-check';
import { RETURN_REASONS } from './order-lifecycle';
import { paymentSchema } from './payment';
import { EFFECTS, MAX_EFFECTS, NET_UNITS, POTENCY_UNITS } from './product-facts';
import { PERMISSIONS, STAFF_ROLES } from './staff';
import type {
  Category,
  DealerSettings,
  Order,
  Product,
  Promotion,
  ScheduleSlot,
  ValidationErrorBody,
} from './types';

const dollars = z.number().describe('dollars');
const optionalDollars = dollars.nullable();

export const productResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    category: z.string().describe('category slug'),
    subcategory: z.string().nullable().describe('subcategory slug, or null for none'),
    description: z.string(),
    price: dollars.describe('1/8 oz price for flower, otherwise unit price'),
    salePrice: optionalDollars,
    priceQuarter: optionalDollars,
    salePriceQuarter: optionalDollars,
    priceHalf: optionalDollars,
    salePriceHalf: optionalDollars,
    priceOunce: optionalDollars,
    salePriceOunce: optionalDollars,
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

export const categoryResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    parentId: z.number().int().nullable().describe('null = top level'),
    description: z.string().nullable(),
    sortOrder: z.number().int(),
  })
  .meta({ id: 'Category' });

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

const orderItemResponse = z.object({
  id: z.number().int().describe("the product's id"),
  lineId: z
    .number()
    .int()
    .optional()
    .describe("the order line's own id (returns name lines by it)"),
  name: z.string(),
  price: dollars.describe('unit price in dollars; -1 = Bulk / to be determined; 0 = free'),
  quantity: z.enum(QUANTITY_OPTIONS),
  count: z.number().int(),
  flavor: z.string().optional(),
  strainType: z.string().optional(),
  cannabis: z.boolean().describe("the product's cannabis flag when the order was placed"),
});

export const orderResponse = z
  .object({
    id: z.number().int(),
    customer: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    status: z.enum(ORDER_STATUSES),
    total: dollars,
    date: z.string(),
    items: z.array(orderItemResponse),
    deliveryDate: z.string().nullable(),
    deliveryTimeWindow: z.string().nullable(),
    deliveryNotes: z.string().nullable(),
    deliveryFee: dollars,
    promoCode: z.string().nullable(),
    discountAmount: dollars,
    bogo50Details: z
      .object({
        ozItemsCount: z.number(),
        originalTotal: z.number(),
        discountAmount: z.number(),
        promotionText: z.string(),
      })
      .nullable(),
    orderType: z.enum(ORDER_TYPES),
    taxes: z
      .array(
        z.object({
          name: z.string(),
          rate: z.number().describe('percent'),
          amount: dollars,
        }),
      )
      .describe("tax lines of the shop's rule set, included in total; [] without one"),
    statusToken: z.string().describe('the secret of the status link /o/{statusToken}'),
    driver: z
      .object({ id: z.number().int(), firstName: z.string() })
      .nullable()
      .describe('the driver the order is assigned to'),
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
    returns: z
      .array(
        z.object({
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
          value: dollars.describe('the returned goods at the prices paid'),
        }),
      )
      .describe('returns recorded after handover, oldest first'),
  })
  .meta({ id: 'Order' });

export const driverResponse = z
  .object({ id: z.number().int(), firstName: z.string(), employeeNumber: z.string() })
  .meta({ id: 'Driver' });

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
    deliveryFee: dollars,
    discountAmount: dollars,
    taxes: z.array(z.object({ name: z.string(), rate: z.number(), amount: dollars })),
    total: dollars,
    driverFirstName: z.string().nullable().describe('once the order is out for delivery'),
    deliveryAttempts: z.number().int().describe('times the driver found nobody home'),
    attemptNote: z.string().nullable().describe("the driver's note on the last attempt"),
    expiredAt: z
      .string()
      .nullable()
      .describe('when the shop cancelled it because nobody accepted it in time'),
  })
  .meta({ id: 'OrderStatusView' });

/** Issue 38: stock that orders still waiting for the shop hold, per product (back office). */
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

export const scheduleSlotResponse = z
  .object({
    id: z.number().int(),
    date: z.string().describe('YYYY-MM-DD'),
    startTime: z.string().describe('e.g. 9:00 AM'),
    endTime: z.string(),
    maxOrders: z.number().int(),
    currentOrders: z.number().int(),
    notes: z.string().nullable(),
  })
  .meta({ id: 'ScheduleSlot' });

export const dealerSettingsResponse = z
  .object({
    id: z.number().int(),
    availableDays: z.array(z.string()).describe('capitalised weekday names, e.g. "Monday"'),
    deliveryHours: z.string().describe('JSON-encoded list of time-window labels'),
    deliveryNotes: z.string().nullable(),
    updatedAt: z.string(),
    jurisdiction: z.string().describe('checkout rule set: "none" (the spec) or e.g. "US-CA"'),
    salesTaxRate: z.number().nullable().describe('percent'),
    localTaxRate: z.number().nullable().describe('percent'),
    pricesIncludeTaxes: z
      .boolean()
      .describe('the menu and the cart show prices with taxes (display only)'),
    bulkOfLimitedProducts: z
      .boolean()
      .describe('whether products that count toward a daily limit may be ordered as Bulk'),
    maxLineCount: z.number().int().describe('the highest count of one cart line'),
    maxOrderSubtotal: z.number().describe('dollars: the highest subtotal of one order'),
    acceptWithinMinutes: z
      .number()
      .int()
      .describe('a same-day or pickup order not accepted within this time is cancelled'),
    scheduledAcceptLeadMinutes: z
      .number()
      .int()
      .describe('a scheduled order is accepted this long before its window, or cancelled'),
    maxOpenScheduledPerPhone: z.number().int().describe('open scheduled orders per phone'),
    maxPendingScheduledPerDay: z
      .number()
      .int()
      .describe('scheduled orders awaiting the shop per delivery day'),
  })
  .meta({ id: 'DealerSettings' });

export const deliveryZoneResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    postalCodes: z.array(z.string()),
    fee: z.number().describe('dollars'),
    minimum: z.number().describe('dollars, checked against subtotal - discount'),
    freeDeliveryOver: z.number().nullable().describe('dollars; at or over it delivery is free'),
    salesTaxRate: z.number().nullable().describe('percent; replaces the shop rate here'),
    note: z.string().nullable(),
  })
  .meta({ id: 'DeliveryZone' });

export const chatMessageResponse = z
  .object({
    message: z.string(),
    timestamp: z.string(),
    name: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    sessionId: z.string(),
    isFromSupport: z.boolean().optional(),
  })
  .meta({ id: 'ChatMessage' });

export const chatSessionResponse = z.object({
  sessionId: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  unreadCount: z.number().int(),
  lastMessage: z.string().nullable(),
});

export const contactMessageResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** null while the message is new to the dealer */
  handledAt: z.string().nullable(),
  /** the live chat it was sent from, so the inbox can open that conversation */
  chatSessionId: z.string().nullable(),
});

export const sessionResponse = z.object({
  authenticated: z.boolean(),
  username: z.string().nullable(),
  /** signed in only: the role and what it may do, so the back office shows its screens */
  role: z.enum(STAFF_ROLES).optional(),
  firstName: z.string().optional(),
  permissions: z.array(z.enum(PERMISSIONS)).optional(),
});

export const staffMemberResponse = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  firstName: z.string(),
  employeeNumber: z.string(),
  disabled: z.boolean(),
  createdAt: z.string(),
});

export const auditEntryResponse = z.object({
  id: z.number().int(),
  at: z.string(),
  staffId: z.number().int().nullable(),
  staffUsername: z.string().nullable(),
  staffRole: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  address: z.string().nullable(),
});

export const successResponse = z.object({ success: z.boolean() });

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

/** 204 No Content. */
export const noContent = z.null().describe('No Content');

/**
 * Every failure answers `{error}`; validation failures add the field errors. Loose, so that the
 * extra fields some answers carry (a code, the items out of stock...) pass through unchanged.
 */
export const errorResponse = z
  .looseObject({
    error: z.string(),
    code: z.enum(ERROR_CODES),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    formattedErrors: z.array(z.string()).optional(),
  })
  .meta({ id: 'Error' });

/** The fields of a form, each optional and without its default: the body of a PATCH. */
function patchOf(form: z.ZodObject) {
  const fields = Object.entries(form.shape).map(([key, field]) => [
    key,
    (field instanceof z.ZodDefault ? field.unwrap() : field).optional(),
  ]);
  return z.looseObject(Object.fromEntries(fields), { message: 'must be a JSON object' });
}

/** PATCH /api/products/:id: any product fields; the merged product is validated as on create. */
export const productPatchSchema = patchOf(productSchema.in);
/** PATCH /api/categories/:id: any category fields; the merged category is validated as on create. */
export const categoryPatchSchema = patchOf(categorySchema);
/** PATCH /api/promotions/:id: any promotion fields; the merged promotion is validated as on create. */
export const promotionPatchSchema = patchOf(promotionSchema.in);

// Compile-time proof that each schema and its interface describe the same shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type ResponseSchemasMatchTheirTypes = [
  Holds<Same<z.output<typeof productResponse>, Product>>,
  Holds<Same<z.output<typeof categoryResponse>, Category>>,
  Holds<Same<z.output<typeof promotionResponse>, Promotion>>,
  Holds<Same<z.output<typeof orderResponse>, Order>>,
  Holds<Same<z.output<typeof scheduleSlotResponse>, ScheduleSlot>>,
  Holds<Same<z.output<typeof dealerSettingsResponse>, DealerSettings>>,
  Holds<Same<z.output<typeof deliveryZoneResponse>, DeliveryZone>>,
  Holds<Same<z.output<typeof chatMessageResponse>, ChatMessagePayload>>,
  Holds<Same<Required<z.output<typeof errorResponse>>['errors'], ValidationErrorBody['errors']>>,
];

/** GET/PUT /api/store-profile: every line as text ("" when the shop left it out). */
export const storeProfileResponse = z.object({
  shopName: z.string(),
  legalName: z.string(),
  pickupAddress: z.string(),
  openingHours: z.string(),
  phone: z.string(),
  licenseNumber: z.string(),
  deliveryArea: z.string(),
  paymentMethods: z.string(),
});
