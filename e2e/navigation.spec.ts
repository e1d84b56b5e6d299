/**
 * Moving between pages: each page names itself in the tab title,
 * focus lands on the new page's heading and is announced, and Back returns the shopper to
 * the card they came from.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Product } from '../src/shared/schemas/products';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
});

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/**
 * The home page draws its cards a few at a time and redraws them when live stock arrives, so
 * the card found first may be replaced before the scroll: find it again until one holds.
 */
async function scrollTo(target: Locator) {
  await expect(async () => {
    await target.scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(target).toBeInViewport({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

async function farDownProduct(page: Page): Promise<Product> {
  const products = (await (await page.request.get('/api/products')).json()) as Product[];
  // the home page lists every product once in the catalog grid; take one near its end, from
  // the demo catalog: other journeys create, move and delete their own products meanwhile,
  // each named with a timestamp
  const fromOtherJourney = (p: Product) => /\d{10,}/.test(p.name);
  const candidates = products.filter((p) => !p.featured && !fromOtherJourney(p));
  return candidates[candidates.length - 2];
}

test('every page names itself in the title and focus lands on its heading', async ({ page }) => {
  const product = await farDownProduct(page);
  await page.goto('/');
  await expect(page).toHaveTitle('Canopy — Same-day delivery');

  const target = card(page, product.name).last();
  await scrollTo(target);
  await target.getByRole('link', { name: product.name }).click();
  await expect(page).toHaveTitle(`${product.name} | Canopy`);
  const heading = page.getByRole('heading', { level: 1, name: product.name });
  await expect(heading).toBeFocused();
  await expect(page.locator('p[aria-live="polite"]')).toHaveText(product.name);

  await page.getByRole('link', { name: /^Cart \(\d+\)$/ }).click();
  await expect(page).toHaveTitle('Cart | Canopy');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  await page.goto('/orders');
  await expect(page).toHaveTitle('Your Orders | Canopy');
  await page.goto('/no-such-page');
  await expect(page).toHaveTitle('Page Not Found | Canopy');
});

test('Back from a product page returns to the card the shopper came from', async ({ page }) => {
  const product = await farDownProduct(page);
  await page.goto('/');
  const target = card(page, product.name).last();
  await scrollTo(target);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  // other journeys add products while this one runs, so the card, not the offset, is the place
  const cardTop = async () => Math.round((await target.boundingBox())?.y ?? Number.NaN);
  const placeBefore = await cardTop();

  await target.getByRole('link', { name: product.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  // a new page starts at its top
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // the in-page Back goes back in history, not to the top of the home page
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(target).toBeInViewport();
  await expect.poll(async () => Math.abs((await cardTop()) - placeBefore)).toBeLessThanOrEqual(1);

  // and the browser's own Back does the same
  await target.getByRole('link', { name: product.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.goBack();
  await expect(target).toBeInViewport();
});

test('Back on a product page opened directly goes home', async ({ page }) => {
  const product = await farDownProduct(page);
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Canopy — Same-day delivery');
});
