/** The shopper's saved details (spec §3 "Customer profile"), browser key `profile`. */
import { readJson, removeStorage, STORAGE_KEYS, writeJson } from '@web/lib/storage';

export const PROFILE_KEY = 'profile';

export interface CustomerProfile {
  name?: string;
  address?: string;
  /** asked first on delivery when the shop has delivery zones */
  postalCode?: string;
  phone?: string;
  email?: string;
  deliveryNotes?: string;
  preferences?: unknown;
  strainPreferences?: unknown;
  favoriteProducts?: number[];
  favoriteCategories?: string[];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function readProfile(): CustomerProfile {
  const stored = readJson<unknown>(PROFILE_KEY);
  return stored && typeof stored === 'object' && !Array.isArray(stored)
    ? (stored as CustomerProfile)
    : {};
}

export interface ContactDetails {
  name: string;
  phone: string;
  email: string;
  address: string;
  postalCode: string;
  deliveryNotes: string;
}

export function contactDetailsFromProfile(): ContactDetails {
  const profile = readProfile();
  return {
    name: text(profile.name),
    phone: text(profile.phone),
    email: text(profile.email),
    address: text(profile.address),
    postalCode: text(profile.postalCode),
    deliveryNotes: text(profile.deliveryNotes),
  };
}

/** The details form and its tab, as the shopper last left them in this browser. */
export interface CheckoutDraft {
  details: ContactDetails;
  mode: 'same-day' | 'scheduled' | 'pickup';
}

const MODES = ['same-day', 'scheduled', 'pickup'] as const;

/** The draft kept while typing, else the saved profile and Same-Day. */
export function readCheckoutDraft(): CheckoutDraft {
  const stored = readJson<Partial<CheckoutDraft>>(STORAGE_KEYS.checkoutDraft);
  const fromProfile = contactDetailsFromProfile();
  const details = stored?.details;
  return {
    details: {
      name: text(details?.name) || fromProfile.name,
      phone: text(details?.phone) || fromProfile.phone,
      email: text(details?.email) || fromProfile.email,
      address: text(details?.address) || fromProfile.address,
      postalCode: text(details?.postalCode) || fromProfile.postalCode,
      deliveryNotes: text(details?.deliveryNotes) || fromProfile.deliveryNotes,
    },
    mode: MODES.find((mode) => mode === stored?.mode) ?? 'same-day',
  };
}

export function saveCheckoutDraft(draft: CheckoutDraft): void {
  writeJson(STORAGE_KEYS.checkoutDraft, draft);
}

/** After an order the draft has done its job; the profile keeps the contact details. */
export function clearCheckoutDraft(): void {
  removeStorage(STORAGE_KEYS.checkoutDraft);
}

/** Merges the details into the stored profile; other profile fields are kept. */
export function saveProfile(details: Partial<ContactDetails>): void {
  const next: CustomerProfile = { ...readProfile() };
  for (const [key, value] of Object.entries(details)) {
    if (typeof value === 'string' && value.trim()) next[key as keyof ContactDetails] = value.trim();
  }
  writeJson(PROFILE_KEY, next);
}
