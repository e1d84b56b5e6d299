import { isTheme, type Theme } from './theme';

/**
 * Shopper preferences the server reads to render a page as the browser will show it
 * (decision 010): the theme class for <html>, and whether the age gate was passed.
 * The page writes them, so they cannot be HttpOnly.
 */
export const THEME_COOKIE = 'canopy_theme';
export const AGE_COOKIE = 'canopy_age';
/** the only value of AGE_COOKIE: the shopper said they are of age */
export const AGE_VERIFIED_VALUE = '1';
export type PreferenceCookieName = typeof THEME_COOKIE | typeof AGE_COOKIE;

/** 400 days, the longest lifetime browsers keep (spec §2.2: the answer is remembered). */
export const PREFERENCE_COOKIE_MAX_AGE = 34_560_000;

export interface PreferenceCookies {
  theme: Theme | null;
  ageVerified: boolean;
}

/** Reads both preferences from a Cookie header (or document.cookie); junk counts as unset. */
export function readPreferenceCookies(cookieHeader: string | undefined): PreferenceCookies {
  const theme = cookieValue(cookieHeader, THEME_COOKIE);
  return {
    theme: isTheme(theme) ? theme : null,
    ageVerified: cookieValue(cookieHeader, AGE_COOKIE) === AGE_VERIFIED_VALUE,
  };
}

/** The first cookie of that name, as browsers send the most specific path first; null if absent. */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at === -1 || pair.slice(0, at).trim() !== name) continue;
    let value = pair.slice(at + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
      value = value.slice(1, -1);
    return value;
  }
  return null;
}
