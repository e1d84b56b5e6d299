/** Delivery zones: the zone form and the zone as the API answers it. */

import { z } from 'zod';
import {
  money,
  optionalMoney,
  optionalText,
  POSTAL_CODE,
  requiredText,
  taxRate,
  text,
} from './fields';

export const postalCode = text({ message: 'must be a postal code' })
  .trim()
  .regex(POSTAL_CODE, 'must be a five-digit postal code');

/** A delivery zone: its postal codes, fee, minimum and optional threshold, tax and note. */
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
  note: optionalText(200)
    .optional()
    .transform((v) => v || null),
});

export type DeliveryZoneBody = z.input<typeof deliveryZoneSchema>;

export type DeliveryZoneFields = z.output<typeof deliveryZoneSchema>;

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

export type DeliveryZone = z.output<typeof deliveryZoneResponse>;
