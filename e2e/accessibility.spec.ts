/**
 * Axe finds no serious or critical violation on any page a shopper or the
 * dealer sees, at both sizes (the two projects) and in every theme. The journey visits the
 * pages the way a user does: home, a product, the cart with an item, the scheduled picker,
 * a pickup order, its thank-you page and the orders list, then the back office.
 */
import { expect, type Page, test } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import { isSoldByWeight } from '../src/shared/quantity';
import type { Product } from '../src/shared/schemas/products';
import { expectNoSeriousA11yViolations } from './axe';

const THEMES = ['theme-dark', 'theme-light', 'theme-colorful'] as const;

/** Checks the page as it stands in each theme (the theme is a class on <html>, as the picker sets it). */
async function checkEveryTheme(page: Page, what: string) {
  for (const theme of THEMES) {
    await page.evaluate(
      ([next, all]) => {
        document.documentElement.classList.remove(...all);
        document.documentElement.classList.add(next);
      },
      [theme, THEMES] as const,
    );
    // colours ease over 150 ms: judge the theme's colours, not a blend on the way there
    // (looping animations never finish and a replaced transition is cancelled: neither is waited for)
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((transition) => transition.finished.catch(() => undefined)),
      ),
    );
    await test.step(`${what} in ${theme}`, () => expectNoSeriousA11yViolations(page));
  }
}

/** A unit product in the cart (seeded once per page), as a shopper who added it. */
async function withProductInCart(page: Page): Promise<Product> {
  const products = (await (await page.request.get('/api/products')).json()) as Product[];
  // a unit product nothing else edits, so the seeded price is the server's price
  const product = products.find(
    (p) =>
      !isSoldByWeight(p) &&
      p.strainTypes.length <= 1 &&
      p.stock >= 20 &&
      !['Hemp Wick', 'Micro-dose Mints'].includes(p.name),
  )!;
  await page.addInitScript(
    (line) => {
      localStorage.setItem('ageVerified', 'true');
      if (!sessionStorage.getItem('a11y-seeded')) {
        sessionStorage.setItem('a11y-seeded', '1');
        localStorage.setItem('cart', JSON.stringify([line]));
      }
    },
    {
      id: product.id,
      name: product.name,
      price: product.salePrice ?? product.price,
      quantity: '1',
      count: 1,
    },
  );
  return product;
}

// the shopper's pages in two journeys, each well inside the slow-test bound on a busy machine
test('the home and product pages pass axe in every theme', async ({ page }) => {
  test.slow();
  const product = await withProductInCart(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await checkEveryTheme(page, 'home');

  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await checkEveryTheme(page, 'product page');
});

test('the cart, checkout, thank-you and orders pages pass axe in every theme', async ({ page }) => {
  test.slow();
  await withProductInCart(page);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await checkEveryTheme(page, 'cart');

  await page.getByRole('tab', { name: /Scheduled/ }).click();
  await expect(page.getByRole('radio', { checked: true }).first()).toBeVisible();
  await checkEveryTheme(page, 'scheduled checkout');

  const details = page.getByRole('region', { name: 'Your Details' });
  await details.getByLabel('Name', { exact: true }).fill('Axe Tester');
  await details.getByLabel('Phone', { exact: true }).fill('555-0177');
  await page.getByRole('tab', { name: /Pickup/ }).click();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thank-you\?/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await checkEveryTheme(page, 'thank-you');

  await page.goto('/orders');
  await expect(page.getByTestId('order-card').first()).toBeVisible();
  await checkEveryTheme(page, 'orders');
});

test('a full cart at its order caps passes axe in every theme', async ({ page }) => {
  test.slow();
  const products = (await (await page.request.get('/api/products')).json()) as Product[];
  const lines = products
    .filter(
      (p) =>
        !isSoldByWeight(p) && p.strainTypes.length <= 1 && p.flavors.length === 0 && p.stock >= 20,
    )
    .slice(0, 6)
    .map((p, index) => ({
      id: p.id,
      name: p.name,
      price: p.salePrice ?? p.price,
      quantity: '1',
      // the first line sits at the shop's cap of 10 of one item
      count: index === 0 ? 10 : 2,
    }));
  await page.addInitScript((seeded) => {
    localStorage.setItem('ageVerified', 'true');
    localStorage.setItem('cart', JSON.stringify(seeded));
  }, lines);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(lines.length);
  await expect(page.getByTestId('order-caps')).toBeVisible();
  await page.getByRole('button', { name: `Add one more ${lines[0]!.name}` }).click();
  await expect(page.getByTestId('toast')).toContainText('Order limit reached');
  await checkEveryTheme(page, 'a full cart with its cap refusal');
});

// the back office on its own: one journey through every page in three themes outlasts a slow machine
test('every back-office page passes axe in every theme', async ({ page }) => {
  test.slow();
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  expect((await page.request.post('/api/auth/login', { data: E2E_DEALER })).ok()).toBe(true);
  await page.goto('/dealer');
  await expect(page.getByRole('heading', { name: 'Dealer Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();
  await checkEveryTheme(page, 'dashboard and inventory');

  await page.goto('/categories');
  await expect(page.getByRole('heading', { name: 'Category Management' })).toBeVisible();
  await checkEveryTheme(page, 'categories');

  await page.goto('/schedule');
  await expect(page.getByRole('heading', { name: 'Schedule Manager', level: 1 })).toBeVisible();
  await checkEveryTheme(page, 'schedule: weekly availability');
  await page.getByRole('tab', { name: 'Calendar Schedule' }).click();
  await expect(page.getByRole('table', { name: 'Delivery calendar' })).toBeVisible();
  await checkEveryTheme(page, 'schedule: calendar');
});
