import {
  AGE_COOKIE,
  AGE_VERIFIED_VALUE,
  PREFERENCE_COOKIE_MAX_AGE,
  type PreferenceCookieName,
  type PreferenceCookies,
  readPreferenceCookies,
  THEME_COOKIE,
} from '@shared/preference-cookies';
import { isTheme } from '@shared/theme';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export { AGE_COOKIE, AGE_VERIFIED_VALUE, type PreferenceCookieName, THEME_COOKIE };

/**
 * Writes a preference cookie for the whole site. Never throws: cookies may be disabled
 * or the page sandboxed, and a preference not sent to the server only costs a default paint.
 */
export function writePreferenceCookie(name: PreferenceCookieName, value: string): void {
  if (typeof document === 'undefined') return;
  try {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: plain cookies keep the entry synchronous; the Cookie Store API is not everywhere
    document.cookie = `${name}=${value}; Path=/; SameSite=Lax; Max-Age=${PREFERENCE_COOKIE_MAX_AGE}${secure}`;
  } catch (error) {
    console.warn(`cookies: cannot write ${name}`, error);
  }
}

/** The preference cookies this browser holds; none when they cannot be read (or on the server). */
export function readDocumentPreferenceCookies(): PreferenceCookies {
  if (typeof document === 'undefined') return readPreferenceCookies(undefined);
  try {
    return readPreferenceCookies(document.cookie);
  } catch (error) {
    console.warn('cookies: cannot read', error);
    return readPreferenceCookies(undefined);
  }
}

/**
 * Decision 010's sync rule, run at boot before hydrating: a valid theme in localStorage
 * wins over the cookie and is written to it, else a valid cookie theme is written to
 * localStorage; the age gate counts as passed when either says so, and both then say so.
 * Returns the synced preferences. Never throws.
 */
export function syncPreferenceCookies(): PreferenceCookies {
  const cookies = readDocumentPreferenceCookies();

  const stored = readStorage(STORAGE_KEYS.theme);
  let theme = cookies.theme;
  if (isTheme(stored)) {
    theme = stored;
    writePreferenceCookie(THEME_COOKIE, stored);
  } else if (cookies.theme) {
    writeStorage(STORAGE_KEYS.theme, cookies.theme);
  }

  const ageVerified = readStorage(STORAGE_KEYS.ageVerified) === 'true' || cookies.ageVerified;
  if (ageVerified) rememberAgeVerified();
  return { theme, ageVerified };
}

/** The shopper passed the age gate: remembered in localStorage and in the cookie the server reads. */
export function rememberAgeVerified(): void {
  writeStorage(STORAGE_KEYS.ageVerified, 'true');
  writePreferenceCookie(AGE_COOKIE, AGE_VERIFIED_VALUE);
}
