/** The shop's settings: weekly availability, the compliance rule set and taxes, order limits. */

import { z } from 'zod';
import { JURISDICTIONS } from '../compliance/rule-sets';
import { WEEKDAYS } from '../constants';
import { numeric, taxRate, text, textUpTo, wholeNumber } from './fields';

export const CAPITALISED_WEEKDAYS = WEEKDAYS.map((d) => d[0].toUpperCase() + d.slice(1));

export const windowLabels = z
  .array(text({ message: 'must be a time window' }).trim().min(1).max(40), {
    message: 'must be a list of time windows',
  })
  .max(48, 'has too many windows');

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
  deliveryNotes: textUpTo(2000)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
});

export type DealerSettingsBody = z.input<typeof dealerSettingsSchema>;

export type DealerSettingsFields = z.output<typeof dealerSettingsSchema>;

/** The Compliance screen: the checkout rule set and the shop's tax rates; missing keeps. */
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

export const COMPLIANCE_FIELDS = Object.keys(
  complianceSettingsSchema.shape,
) as (keyof ComplianceSettingsFields)[];

/** The Compliance screen's part of a settings change (the owner's, unlike the weekly schedule). */
export function changesCompliance(body: ComplianceSettingsFields): boolean {
  return COMPLIANCE_FIELDS.some((field) => body[field] !== undefined);
}

/**
 * The Order limits form: what one order may take, how long a placed order waits for
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

export const ORDER_LIMIT_KEYS = Object.keys(orderLimitsSchema.shape) as (keyof OrderLimitsFields)[];

/** The Order limits part of a settings change (the owner's, like the Compliance screen). */
export function changesOrderLimits(body: OrderLimitsFields): boolean {
  return ORDER_LIMIT_KEYS.some((field) => body[field] !== undefined);
}

/**
 * PATCH /api/dealer-settings: the weekly availability (spec: availableDays required) or, from
 * the Compliance screen, only the rule set and tax rates, or from the Order limits
 * screen only those; together is fine.
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

export type DealerSettings = z.output<typeof dealerSettingsResponse>;
