/**
 * Dealer catalog journeys (spec §2.10 Inventory Management, §2.13 Category
 * Management, §5 product form, §8 toasts), checked on the storefront a
 * shopper sees. Runs at phone and desktop sizes against one shared demo
 * database, so every test works on its own uniquely named data.
 */

import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_DEALER } from '../playwright.config';
import { formatDollars } from '../src/shared/money';
import { defaultTierPrices } from '../src/shared/pricing';
import type { Category } from '../src/shared/schemas/categories';
import type { Product } from '../src/shared/schemas/products';
import { toastSays } from './toast';

const toast = (page: Page) => page.getByTestId('toast');

async function categories(request: APIRequestContext): Promise<Category[]> {
  return (await (await request.get('/api/categories')).json()) as Category[];
}

async function createCategory(
  request: APIRequestContext,
  name: string,
  parentId: number | null = null,
): Promise<Category> {
  const response = await request.post('/api/categories', {
    data: { name, slug: '', description: null, parentId },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Category;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
  const login = await page.request.post('/api/auth/login', { data: E2E_DEALER });
  expect(login.ok()).toBe(true);
});

test('create a flower product with an uploaded image; the storefront shows it with tier prices', async ({
  page,
}, testInfo) => {
  const name = `E2E Haze ${testInfo.project.name} ${Date.now()}`;
  const png = await sharp({
    create: { width: 96, height: 96, channels: 3, background: { r: 61, g: 220, b: 132 } },
  })
    .png()
    .toBuffer();

  await page.goto('/dealer');
  await expect(page.getByRole('heading', { name: 'Inventory Management' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Description').fill('Bright citrus, made by the end-to-end test.');
  await dialog.getByLabel('Category', { exact: true }).selectOption('flower');
  await dialog.getByLabel('Price (1/8 Oz)', { exact: true }).fill('30');
  // spec §5: the other weights fill in at 1.9x, 3.6x and 6.4x
  await expect(dialog.getByLabel('Price (1/4 Oz)', { exact: true })).toHaveValue('57.00');
  await expect(dialog.getByLabel('Price (1/2 Oz)', { exact: true })).toHaveValue('108.00');
  await expect(dialog.getByLabel('Price (1 Oz)', { exact: true })).toHaveValue('192.00');
  await dialog.getByLabel('Stock (grams)').fill('56');
  await dialog.getByLabel('Strain', { exact: true }).selectOption('Sativa');

  await dialog.getByLabel('Upload media').setInputFiles({
    name: 'haze.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(toast(page)).toContainText('Upload successful');
  await expect(dialog.getByRole('img', { name: `${name} media 1` })).toBeVisible();

  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await expect(toast(page)).toContainText('Product created');
  await expect(dialog).toBeHidden();

  const products = (await (await page.request.get('/api/products')).json()) as Product[];
  const created = products.find((p) => p.name === name);
  expect(created).toBeDefined();
  expect(created!.media).toHaveLength(1);
  expect(created!.stock).toBe(56);
  const tiers = defaultTierPrices(30);
  expect(created).toMatchObject({ price: 30, salePrice: null, ...tiers });

  // the shopper's product page shows the image and every tier price
  await page.goto(`/product/${created!.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('img', { name: `${name} image 1` })).toBeVisible();
  const quantity = page.getByLabel('Select Quantity:');
  const shownPrice = page.getByText('Price per quantity').locator('..');
  for (const [label, price] of [
    ['1/8 Oz', 30],
    ['1/4 Oz', tiers.priceQuarter],
    ['1/2 Oz', tiers.priceHalf],
    ['1 Oz', tiers.priceOunce],
  ] as const) {
    await quantity.selectOption(label);
    await expect(shownPrice).toContainText(formatDollars(price));
  }
});

test('a concentrate with flavors in a subcategory created inline', async ({ page }, testInfo) => {
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const name = `E2E Rosin ${stamp}`;
  const subName = `E2E Live ${stamp}`;

  await page.goto('/dealer');
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Category', { exact: true }).selectOption('concentrates');
  await dialog
    .getByLabel('Subcategory', { exact: true })
    .selectOption({ label: '+ New subcategory' });
  await dialog.getByLabel('Subcategory', { exact: true }).fill(subName);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page)).toContainText('Subcategory created');
  const subcategory = (await categories(page.request)).find((c) => c.name === subName)!;
  await expect(dialog.getByLabel('Subcategory', { exact: true })).toHaveValue(subcategory.slug);

  await dialog.getByLabel('Price', { exact: true }).fill('40');
  // stock is not required once the product has flavors
  await dialog.getByRole('button', { name: 'Add flavor' }).click();
  await dialog.getByRole('button', { name: 'Add flavor' }).click();
  await dialog.getByLabel('Flavor 1 name').fill(' Mango ');
  await dialog.getByLabel('Flavor 1 stock').fill('3');
  await dialog.getByLabel('Flavor 2 name').fill('mango');
  await dialog.getByLabel('Flavor 2 strain').selectOption('Indica');
  await dialog.getByLabel('Flavor 2 stock').fill('4');
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await expect(dialog.getByText('Duplicate flavor: mango')).toBeVisible();
  await dialog.getByLabel('Flavor 2 name').fill('Grape');
  await dialog.getByRole('button', { name: 'Create Product' }).click();
  await expect(toast(page)).toContainText('Product created');

  const products = (await (await page.request.get('/api/products')).json()) as Product[];
  expect(products.find((p) => p.name === name)).toMatchObject({
    category: 'concentrates',
    subcategory: subcategory.slug,
    flavors: ['Mango', 'Grape'],
    flavorStrains: { Mango: 'Hybrid', Grape: 'Indica' },
    flavorStocks: { Mango: 3, Grape: 4 },
    stock: 7,
  });
});

test('editing stock to 0 shows SOLD OUT on the storefront', async ({ page }, testInfo) => {
  const name = `E2E Stocked ${testInfo.project.name} ${Date.now()}`;
  const response = await page.request.post('/api/products', {
    data: { name, category: 'edibles', description: 'Test gummy', price: 12, stock: 30 },
  });
  expect(response.ok()).toBe(true);

  await page.goto('/');
  const card = page.getByRole('article', { name, exact: true }).first();
  await expect(card).toBeAttached();
  await expect(card).not.toContainText('SOLD OUT');

  await page.goto('/dealer');
  await page.getByRole('searchbox', { name: 'Search products', exact: true }).fill(name);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit Product: ${name}` });
  await expect(dialog.getByLabel('Stock (units)')).toHaveValue('30');
  await dialog.getByLabel('Stock (units)').fill('0');
  await dialog.getByRole('button', { name: 'Update Product' }).click();
  await expect(toast(page)).toContainText('Product updated');
  await expect(dialog).toBeHidden();

  await page.goto('/');
  await expect(page.getByRole('article', { name, exact: true }).first()).toContainText('SOLD OUT');
});

test('reordering two categories by keyboard drag changes the storefront category bar', async ({
  page,
}, testInfo) => {
  // Top-level order is shared by the whole shop: one project moves it at a time.
  test.skip(testInfo.project.name !== 'desktop', 'reorders the shared top-level order');
  const stamp = Date.now();
  const first = `E2E Alpha ${stamp}`;
  const second = `E2E Beta ${stamp}`;

  await page.goto('/categories');
  await expect(page.getByRole('heading', { name: 'Category Management' })).toBeVisible();
  // one category through the dialog (slug follows the name), one through the API
  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Category' });
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(dialog.getByText('Category name cannot be empty')).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill(first);
  await expect(dialog.getByLabel('Slug')).toHaveValue(`e2e-alpha-${stamp}`);
  await dialog.getByRole('button', { name: 'Create Category' }).click();
  await expect(toast(page)).toContainText('Category created');
  await expect(dialog).toBeHidden();
  await createCategory(page.request, second);
  await page.reload();

  const list = page.getByRole('list', { name: 'Categories', exact: true });
  const rows = list.locator(':scope > li');
  await expect(rows.last()).toHaveAccessibleName(second);
  await expect(rows.nth(-2)).toHaveAccessibleName(first);

  const barOrder = async () => {
    const bar = page.getByRole('navigation', { name: 'Product categories' });
    const names = await bar.getByRole('button').allTextContents();
    return names.filter((n) => n === first || n === second);
  };
  await page.goto('/');
  await expect.poll(barOrder).toEqual([first, second]);

  await page.goto('/categories');
  const handle = page.getByRole('button', { name: `Reorder ${second}` });
  await handle.focus();
  await page.keyboard.press('Space');
  // 25 px per key press (spec §9): three presses pass the row above
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect(toast(page)).toHaveText(
    toastSays('Categories reordered', 'Category order has been updated successfully.'),
  );
  await expect(rows.last()).toHaveAccessibleName(first);

  await page.goto('/');
  await expect.poll(barOrder).toEqual([second, first]);

  for (const category of await categories(page.request)) {
    if (category.name === first || category.name === second) {
      await page.request.delete(`/api/categories/${category.id}`);
    }
  }
});

test('a category with subcategories cannot be deleted until they are gone', async ({
  page,
}, testInfo) => {
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const parent = await createCategory(page.request, `E2E Parent ${stamp}`);
  const child = await createCategory(page.request, `E2E Child ${stamp}`, parent.id);

  await page.goto('/categories');
  await page.getByRole('button', { name: `Delete ${parent.name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('alert')).toContainText(
    'This category has subcategories. Delete subcategories first or move them to another parent.',
  );
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  // the server refuses too
  const refused = await page.request.delete(`/api/categories/${parent.id}`);
  expect(refused.status()).toBe(400);
  expect(JSON.stringify(await refused.json())).toMatch(/subcategor/i);

  // no Add subcategory button while it has one; expand and delete the subcategory
  await expect(page.getByRole('button', { name: `Add subcategory to ${parent.name}` })).toHaveCount(
    0,
  );
  // the expand button is named by what it shows: the name, then the slug
  await page.getByRole('button', { name: `${parent.name} ${parent.slug}`, exact: true }).click();
  const subs = page.getByRole('list', { name: `Subcategories of ${parent.name}` });
  await expect(subs.getByRole('listitem', { name: child.name })).toBeVisible();
  await subs.getByRole('button', { name: `Delete ${child.name}` }).click();
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeEnabled();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Subcategory deleted');
  await expect(page.getByText('No subcategories found')).toBeVisible();

  // now the parent offers Add subcategory and can be deleted
  await expect(
    page.getByRole('button', { name: `Add subcategory to ${parent.name}` }),
  ).toBeVisible();
  await page.getByRole('button', { name: `Delete ${parent.name}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Category deleted');
  await expect(toast(page)).toContainText(
    "The category has been successfully deleted, products moved to 'uncategorized'.",
  );
  await expect(page.getByRole('listitem', { name: parent.name })).toHaveCount(0);
});

test('a category a promotion is limited to cannot be deleted; the toast names the promotion', async ({
  page,
}, testInfo) => {
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const category = await createCategory(page.request, `E2E Limited ${stamp}`);
  const title = `E2E Deal ${stamp}`;
  const promo = await page.request.post('/api/promotions', {
    data: { title, description: 'Only this category', applicableCategories: [category.slug] },
  });
  expect(promo.ok()).toBe(true);

  await page.goto('/categories');
  await page.getByRole('button', { name: `Delete ${category.name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page)).toContainText('Cannot delete');
  await expect(toast(page)).toContainText(
    `${category.name} is used by the promotion "${title}". Remove it there first.`,
  );
  await expect(confirm).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('category-used-by-promotion.png') });
  await expect(page.getByRole('listitem', { name: category.name })).toBeVisible();
  await page.request.delete(`/api/promotions/${((await promo.json()) as { id: number }).id}`);
});
