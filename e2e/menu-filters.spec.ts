/**
 * A shopper narrows the menu by brand and potency, sorts it by price, shares the
 * address, opens a product and comes Back to the same list. Phone and desktop sizes.
 */
import { expect, type Page, test } from '@playwright/test';
import { filterAndSortProducts, parseMenuFilter } from '../src/shared/menu-filter';
import { potencyBadge } from '../src/shared/product-facts';
import type { Product } from '../src/shared/schemas/products';
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

test('the Product Menu filters by brand and sorts by price; Back keeps the choice', async ({
  page,
  request,
}) => {
  const products = (await (await request.get('/api/products')).json()) as Product[];
  const expected = filterAndSortProducts(
    products,
    parseMenuFilter('brand=Cookies&sort=price-low'),
  ).map((p) => p.name);
  expect(expected.length).toBeGreaterThan(1);
  expect(expected.length).toBeLessThan(products.length);

  await skipAgeGate(page);
  await page.goto('/');
  const openProductMenu = async () => {
    await page.getByRole('button', { name: /open menu/i }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('button', { name: 'Product Menu' })
      .click();
    const menu = page.getByRole('dialog', { name: 'Product Menu' });
    await expect(menu.getByRole('heading', { name: 'Product Menu' })).toBeVisible();
    return menu;
  };
  const menu = await openProductMenu();
  const shownCount = menu.getByRole('status').filter({ hasText: /products?$/ });
  await expect(shownCount).toHaveText(`${products.length} products`);

  await menu.getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('dialog', { name: 'Filter products' });
  await expect(panel).toBeVisible();
  await panel.getByRole('checkbox', { name: 'Cookies' }).check();
  await panel.getByRole('button', { name: `Show ${expected.length} products` }).click();
  await expect(panel).toBeHidden();
  await expect(menu).toBeVisible();
  await menu.getByRole('combobox', { name: 'Sort by' }).selectOption('price-low');
  await expect(page).toHaveURL(/\?brand=Cookies&sort=price-low$/);
  await expect(menu.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expect(shownCount).toHaveText(`${expected.length} products`);

  // only the brand's products, each subcategory's rows cheapest first
  const rowNames = () =>
    page
      .getByRole('dialog', { name: 'Product Menu' })
      .getByRole('region')
      .getByRole('list')
      .evaluateAll((groups) =>
        groups.map((group) =>
          [...group.querySelectorAll('a .truncate')].map((name) => name.textContent ?? ''),
        ),
      );
  const groups = await rowNames();
  expect(groups.flat().sort()).toEqual([...expected].sort());
  for (const names of groups)
    expect(names).toEqual(expected.filter((name) => names.includes(name)));
  await expectNoSeriousA11yViolations(page);

  await menu.getByRole('link', { name: new RegExp(`^${expected[0]}`) }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: expected[0] })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\?brand=Cookies&sort=price-low$/);
  const again = await openProductMenu();
  await expect(again.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expect(again.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-low');
  expect(await rowNames()).toEqual(groups);
});
