import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, isTheme, THEME_BACKGROUNDS, THEMES } from './theme';

const css = readFileSync(new URL('../web/styles.css', import.meta.url), 'utf8');

/** The `--bg` of the first rule whose selector list names `.<theme>`. */
function cssBackground(theme: string): string | undefined {
  for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const names = selectors.split(',').map((selector) => selector.trim());
    if (!names.includes(`.${theme}`)) continue;
    return /(?:^|[;\s])--bg:\s*([^;]+);/.exec(body)?.[1].trim();
  }
  return undefined;
}

describe('shared themes', () => {
  it.each(THEMES.map((theme) => theme.value))(
    '%s: THEME_BACKGROUNDS matches --bg in styles.css',
    (theme) => {
      expect(cssBackground(theme)).toBe(THEME_BACKGROUNDS[theme]);
    },
  );

  it('lists a background for every theme and no other', () => {
    expect(Object.keys(THEME_BACKGROUNDS).sort()).toEqual(THEMES.map((t) => t.value).sort());
  });

  it('the default theme is also the :root block (the paint without a class)', () => {
    const root = /:root\s*,\s*\.([\w-]+)\s*\{/.exec(css)?.[1];
    expect(root).toBe(DEFAULT_THEME);
  });

  it('isTheme accepts only the theme classes', () => {
    expect(isTheme('theme-light')).toBe(true);
    expect(isTheme('theme-Light')).toBe(false);
    expect(isTheme('')).toBe(false);
    expect(isTheme(null)).toBe(false);
    expect(isTheme('constructor')).toBe(false);
  });
});
