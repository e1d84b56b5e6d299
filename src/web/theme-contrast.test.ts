/**
 * Every theme's filled badges and buttons keep their text readable: the "-fg" colour on its
 * fill reaches WCAG's 4.5:1 for small text (the NEW! flag is 10 px), in every theme.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const css = readFileSync(fileURLToPath(new URL('./styles.css', import.meta.url)), 'utf8');

function themeTokens(theme: string): Map<string, string> {
  const block = new RegExp(`\\.${theme}\\s*\\{([^}]*)\\}`).exec(css)?.[1];
  if (!block) throw new Error(`styles.css has no .${theme} block`);
  return new Map([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1]!, m[2]!]));
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe.each(['theme-dark', 'theme-light', 'theme-colorful'])('%s', (theme) => {
  it.each(['primary', 'danger', 'accent'])('%s-fg on %s reaches 4.5:1', (fill) => {
    const tokens = themeTokens(theme);
    const ratio = contrast(tokens.get(`${fill}-fg`)!, tokens.get(fill)!);
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
});
