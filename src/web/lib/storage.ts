/**
 * localStorage helpers that never throw: storage can be full, disabled or
 * hold junk, and none of that may break the shop (spec §8: only logged).
 */
export function readStorage(key: string): string | null {
  if (typeof window === 'undefined') return null; // rendering on the server
  try {
    return window.localStorage.getItem(key);
  } catch (error) {
    console.warn(`storage: cannot read ${key}`, error);
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`storage: cannot write ${key}`, error);
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch (error) {
    console.warn(`storage: cannot remove ${key}`, error);
  }
}

export function readJson<T>(key: string): T | undefined {
  const raw = readStorage(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch (error) {
    console.warn(`storage: ${key} is not valid JSON`, error);
    return undefined;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeStorage(key, JSON.stringify(value));
}

export const STORAGE_KEYS = {
  theme: 'theme',
  ageVerified: 'ageVerified',
  cart: 'cart',
  dealerHint: 'dealerSignedIn',
  /** the cart's details form as the shopper types it, kept in this browser only */
  checkoutDraft: 'checkoutDraft',
  /** the time of the newest chat reply the shopper has seen, so a reload keeps the unread count */
  chatSeen: 'chatSeenUntil',
  quantityChoice: (key: string | number) => `quantity:${key}`,
} as const;
