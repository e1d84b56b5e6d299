/**
 * Issue 19: with scripts off (a crawler, a locked-down phone) the shop can still be read:
 * the age gate works, cards show names and prices, and links lead to product pages.
 */
import { expect, test } from '@playwright/test';
import { formatDollars } from '../src/shared/money';
import { unitPrice } from '../src/shared/pricing';
import { defaultQuantity } from '../src/shared/quantity';
import type { Product } from '../src/shared/types';

test.use({ javaScriptEnabled: false });

test('without JavaScript the gate, the cards and a product page can be read', async ({
  page,
  request,
}) => {
  const products = (await (await request.get('/api/products')).json()) as Product[];
  await page.goto('/');
  const gate = page.getByRole('dialog', { name: 'Are you 21 or older?' });
  await expect(gate).toBeVisible();
  await gate.getByRole('button', { name: "YES, I'M 21+" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Are you 21 or older?' })).toBeHidden();

  const featured = page
    .getByRole('region', { name: 'Featured Products' })
    .getByRole('article')
    .first();
  const name = await featured.getAttribute('aria-label');
  const product = products.find((p) => p.name === name)!;
  const price = formatDollars(unitPrice(product, defaultQuantity(product)));
  await expect(featured).toContainText(price);

  await featured.getByRole('link', { name: product.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText(price).first()).toBeVisible();
  await expect(page.getByRole('img', { name: `${product.name} image 1` })).toBeVisible();
});

test('the server answers / and a product page with names and prices in the HTML', async ({
  request,
}) => {
  const products = (await (await request.get('/api/products')).json()) as Product[];
  const home = await (await request.get('/', { headers: { cookie: 'canopy_age=1' } })).text();
  const product = products.find((p) => p.featured && p.stock > 0)!;
  expect(home).toContain(`>${product.name}</a>`);
  expect(home).toContain(formatDollars(unitPrice(product, defaultQuantity(product))));
  const page = await (await request.get(`/product/${product.id}`)).text();
  expect(page).toMatch(new RegExp(`<h1[^>]*>${product.name}</h1>`));
});
