import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE §1: dealer auth is server-side, so no dealer credential may be
 * shipped to the browser. Reads the built bundle, building it first when it is missing.
 */
const assetsDir = resolve(process.cwd(), 'dist/web/assets');
const builtScripts = () =>
  existsSync(assetsDir) ? readdirSync(assetsDir).filter((f) => f.endsWith('.js')) : [];

const secrets = [
  'e2e-Dealer-pass-1',
  ...(process.env.DEALER_PASSWORD ? [process.env.DEALER_PASSWORD] : []),
];

describe('dealer credentials in the browser bundle', () => {
  beforeAll(() => {
    if (builtScripts().length === 0) execFileSync('npx', ['vite', 'build'], { stdio: 'ignore' });
  }, 180_000);

  it('no dealer password appears in dist/web/assets/*.js', () => {
    const files = builtScripts();
    expect(files.length, 'the browser bundle was not built').toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(join(assetsDir, file), 'utf8');
      for (const secret of secrets) {
        expect(text.includes(secret), `${file} contains a dealer password`).toBe(false);
      }
    }
  });
});
