import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE §1: dealer auth is server-side, so no dealer credential may be
 * shipped to the browser. Reads the built bundle; builds nothing itself.
 */
const assetsDir = resolve(process.cwd(), 'dist/web/assets');
const hasBundle = existsSync(assetsDir) && readdirSync(assetsDir).some((f) => f.endsWith('.js'));

const secrets = [
  'e2e-Dealer-pass-1',
  ...(process.env.DEALER_PASSWORD ? [process.env.DEALER_PASSWORD] : []),
];

describe('dealer credentials in the browser bundle', () => {
  it.skipIf(!hasBundle)(
    hasBundle
      ? 'no dealer password appears in dist/web/assets/*.js'
      : 'skipped: dist/web/assets has no built JavaScript (run `npx vite build` first)',
    () => {
      const files = readdirSync(assetsDir).filter((f) => f.endsWith('.js'));
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const text = readFileSync(join(assetsDir, file), 'utf8');
        for (const secret of secrets) {
          expect(text.includes(secret), `${file} contains a dealer password`).toBe(false);
        }
      }
    },
  );
});
