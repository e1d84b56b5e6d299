/**
 * Issue 40 §2: a shopper narrows the menu by brand and potency, sorts it by price, shares the
 * address, opens a product and comes Back to the same list. Phone and desktop sizes.
 */
import { expect, type Page, test } from '@playwright/test';
import { filterAndSortProducts, parseMenuFilter } from '../src/shared/menu-filter';
import { potencyBadge } from '../src/shared/product-facts';
import type { Product } from '../src/shared/types';
import { expectNoSeriousA11yViolations } from './axe';

async function skipAgeGate(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
}

const results = (page: Page) =>
  page.getByRole('region', { name: 'Filtered products' }).getByRole('article');

test('filter by brand and potency, sort by price, share the URL, Back keeps the filter', async ({
  page,
  browser,
  request,
}) => {
  const products = (await (await request.get('/api/products')).json()) as Product[];
  const expected = filterAndSortProducts(
    products,
    parseMenuFilter('brand=Cookies&thc=25-&sort=price-low'),
  );
  expect(expected.length).toBeGreaterThan(1);
  const names = expected.map((p) => p.name);

  await skipAgeGate(page);
  await page.goto('/');
  await page.getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('dialog', { name: 'Filter products' });
  await expect(panel).toBeVisible();
  await panel.getByRole('checkbox', { name: 'Cookies' }).check();
  const cookies = products.filter((p) => p.brand === 'Cookies').length;
  await expect(panel.getByRole('button', { name: `Show ${cookies} products` })).toBeVisible();
  await panel.getByRole('spinbutton', { name: 'THC % minimum' }).fill('25');
  await expect(panel.getByRole('button', { name: `Show ${names.length} products` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'dialog');
  await panel.getByRole('button', { name: `Show ${names.length} products` }).click();
  await expect(panel).toBeHidden();

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-low');
  await expect(page).toHaveURL(/\?brand=Cookies&thc=25-&sort=price-low$/);
  await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /products?$/ })).toHaveText(
    `${names.length} products`,
  );
  await expect(results(page)).toHaveCount(names.length);
  await expect(results(page).getByRole('heading')).toHaveText(names);
  const first = results(page).first();
  await expect(first).toContainText('Cookies');
  await expect(first).toContainText(potencyBadge(expected[0]) as string);
  await expectNoSeriousA11yViolations(page, 'section[aria-label="Filtered products"]');

  // the address alone shows the same list to someone else, printed by the server
  const friend = await browser.newContext({ viewport: page.viewportSize() });
  const shared = await friend.newPage();
  await skipAgeGate(shared);
  await shared.goto(page.url());
  await expect(results(shared).getByRole('heading')).toHaveText(names);
  await expect(shared.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
  await friend.close();

  await first.getByRole('link', { name: names[0] }).click();
  const facts = page.getByRole('region', { name: 'Product facts' });
  await expect(facts).toContainText('Cookies');
  await expect(facts).toContainText(`${expected[0].thc}%`);
  if (expected[0].labDocument)
    await expect(facts.getByRole('link', { name: /View lab results/ })).toHaveAttribute(
      'href',
      expected[0].labDocument,
    );
  await page.goBack();
  await expect(page).toHaveURL(/\?brand=Cookies&thc=25-&sort=price-low$/);
  await expect(results(page).getByRole('heading')).toHaveText(names);

  // a chip removes its filter; Back brings it back
  await page.getByRole('button', { name: 'Remove filter THC 25% or more' }).click();
  await expect(page).toHaveURL(/\?brand=Cookies&sort=price-low$/);
  await expect(results(page)).toHaveCount(cookies);
  await page.goBack();
  await expect(results(page)).toHaveCount(names.length);
});
