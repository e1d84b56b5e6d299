import { createStore, useStore } from '@web/lib/create-store';
import { readStorage, STORAGE_KEYS, writeStorage } from '@web/lib/storage';

export const THEMES = [
  { value: 'theme-light', label: 'Light' },
  { value: 'theme-dark', label: 'Dark' },
  { value: 'theme-colorful', label: 'Rainbow' },
] as const;
export type Theme = (typeof THEMES)[number]['value'];
export const DEFAULT_THEME: Theme = 'theme-dark';

function isTheme(value: unknown): value is Theme {
  return THEMES.some((theme) => theme.value === value);
}

function applyToDocument(theme: Theme) {
  const root = document.documentElement;
  for (const { value } of THEMES) root.classList.remove(value);
  root.classList.add(theme);
  const meta = document.querySelector('meta[name="theme-color"]');
  const background = getComputedStyle(root).getPropertyValue('--bg').trim();
  if (meta && background) meta.setAttribute('content', background);
}

/** Runs in main.tsx before the first render so the saved theme paints first (no inline script under the CSP). */
export function restoreTheme(): Theme {
  const stored = readStorage(STORAGE_KEYS.theme);
  const theme = isTheme(stored) ? stored : DEFAULT_THEME;
  applyToDocument(theme);
  themeStore.set(theme);
  return theme;
}

export const themeStore = createStore<Theme>(DEFAULT_THEME);

export function setTheme(theme: Theme) {
  themeStore.set(theme);
  writeStorage(STORAGE_KEYS.theme, theme);
  applyToDocument(theme);
}

export function useTheme(): Theme {
  return useStore(themeStore);
}
