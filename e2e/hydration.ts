import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Product } from '../src/shared/schemas/products';
import { readableProductPath } from '../src/shared/slugs';

/** Console errors and page errors, except Chromium's note that a preload came too early. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (/preload/i.test(message.text()) && /within a few seconds/.test(message.text())) return;
    errors.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

export async function visitHydrated(page: Page, url: string) {
  await page.goto(url);
  await expect(page.locator('html:not([data-hydrating])')).toHaveCount(1);
  // a later frame: anything hydration had to report has been reported by now
  await laterFrame(page);
}

/** Waits for the page's next frame and the task after it. */
export async function laterFrame(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
}

/** A product with strains in stock, and the three paths its page answers on. */
export async function productPages(request: APIRequestContext) {
  const products = (await (await request.get('/api/products')).json()) as Product[];
  const product = products.find((p) => p.strain !== 'none' && p.stock > 0 && p.strainTypes.length)!;
  const withStrain = readableProductPath(product);
  const segments = withStrain.split('/');
  return {
    product,
    urls: [`/product/${product.id}`, withStrain, [...segments.slice(0, 4), segments[5]].join('/')],
  };
}
