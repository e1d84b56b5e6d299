/** The shopper's saved details (spec §3 "Customer profile"), browser key `profile`. */
import { readJson, writeJson } from '@web/lib/storage';

export const PROFILE_KEY = 'profile';

export interface CustomerProfile {
  name?: string;
  address?: string;
  /** issue 16: asked first on delivery when the shop has delivery zones */
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

/** Merges the details into the stored profile; other profile fields are kept. */
export function saveProfile(details: Partial<ContactDetails>): void {
  const next: CustomerProfile = { ...readProfile() };
  for (const [key, value] of Object.entries(details)) {
    if (typeof value === 'string' && value.trim()) next[key as keyof ContactDetails] = value.trim();
  }
  writeJson(PROFILE_KEY, next);
}
