import { DEFAULT_THEME, THEMES, type Theme } from '@shared/theme';
import { createStore, useStore } from '@web/lib/create-store';
import { THEME_COOKIE, writePreferenceCookie } from '@web/lib/preference-cookies';
import { STORAGE_KEYS, writeStorage } from '@web/lib/storage';

export { DEFAULT_THEME, isTheme, THEMES, type Theme } from '@shared/theme';

function applyToDocument(theme: Theme) {
  const root = document.documentElement;
  for (const { value } of THEMES) root.classList.remove(value);
  root.classList.add(theme);
  const meta = document.querySelector('meta[name="theme-color"]');
  const background = getComputedStyle(root).getPropertyValue('--bg').trim();
  if (meta && background) meta.setAttribute('content', background);
}

/**
 * Runs in start.tsx before the first render so the saved theme (localStorage's or else the
 * cookie's, as syncPreferenceCookies read them) paints first (no inline script under the CSP).
 */
export function restoreTheme(saved: Theme | null): Theme {
  const theme = saved ?? DEFAULT_THEME;
  applyToDocument(theme);
  themeStore.set(theme);
  return theme;
}

export const themeStore = createStore<Theme>(DEFAULT_THEME);

export function setTheme(theme: Theme) {
  themeStore.set(theme);
  writeStorage(STORAGE_KEYS.theme, theme);
  writePreferenceCookie(THEME_COOKIE, theme);
  applyToDocument(theme);
}

export function useTheme(): Theme {
  return useStore(themeStore);
}
