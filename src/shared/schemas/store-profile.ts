/** The shop facts shoppers look for: the form and the answer. */

import { z } from 'zod';
import { textUpTo } from './fields';

/** A store-profile line: optional, trimmed, bounded ("" when the shop leaves it out). */
export const profileText = (max: number) => z.preprocess((value) => value ?? '', textUpTo(max));

/**
 * The shop facts shoppers look for: shown in the footer, on the Pickup tab and in
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
