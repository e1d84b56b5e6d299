/**
 * The shop's colour themes (spec §2.2): the class on <html> that selects a set of CSS
 * variables in src/web/styles.css. Shared so the server can paint a saved theme too.
 */
export const THEMES = [
  { value: 'theme-light', label: 'Light' },
  { value: 'theme-dark', label: 'Dark' },
  { value: 'theme-colorful', label: 'Rainbow' },
] as const;
export type Theme = (typeof THEMES)[number]['value'];
export const DEFAULT_THEME: Theme = 'theme-dark';

export function isTheme(value: unknown): value is Theme {
  return THEMES.some((theme) => theme.value === value);
}

/** Each theme's `--bg` as styles.css writes it (theme.test.ts keeps them equal): `<meta name="theme-color">`. */
export const THEME_BACKGROUNDS: Record<Theme, string> = {
  'theme-light': '#f6f7f4',
  'theme-dark': '#0a0f0c',
  'theme-colorful': '#120b22',
};
