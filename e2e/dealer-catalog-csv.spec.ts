/**
 * The catalog spreadsheet on the inventory screen: the dealer downloads the catalog as CSV,
 * uploads a spreadsheet, reads its preview (counts, errors by line and column)
 * and confirms it; the list shows the result. The import files hold only this
 * test's own rows, since phone and desktop share one database.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import type { Product } from '../src/shared/schemas/products';
import { expectNoSeriousA11yViolations } from './axe';

const toast = (page: Page) => page.getByTestId('toast');
const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\r\n')}\r\n`),
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
  const login = await page.request.post('/api/auth/login', { data: E2E_DEALER });
  expect(login.ok()).toBe(true);
});

test('18.5 export the catalog, preview a spreadsheet with errors, then import a good one', async ({
  page,
}, testInfo) => {
  // Imports, previews and two axe runs: more work than a usual journey on a shared machine.
  test.slow();
  const tag = `${testInfo.project.name} ${Date.now()}`;
  const existing = await page.request.post('/api/products', {
    data: { name: `CSV Mints ${tag}`, category: 'edibles', price: 6, stock: 2 },
  });
  expect(existing.ok()).toBe(true);
  const mints = (await existing.json()) as Product;

  await page.goto('/dealer');
  // The inventory panel is a lazy chunk loaded after the dashboard's own calls.
  await expect(page.getByRole('heading', { name: 'Inventory Management' })).toBeVisible({
    timeout: 30_000,
  });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^canopy-catalog-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = await readFile(await download.path(), 'utf8');
  expect(exported).toContain('id,name,category,subcategory,description,price');
  expect(exported).toContain(`,CSV Mints ${tag},edibles,`);

  const header = 'id,name,category,price,stock';
  await page
    .getByLabel('CSV file to import')
    .setInputFiles(
      csvFile('bad.csv', [
        header,
        `${mints.id},CSV Mints ${tag},edibles,-1,2`,
        `,New Gum ${tag},gadgets,3,9`,
      ]),
    );
  const dialog = page.getByRole('dialog', { name: 'Import catalog' });
  await expect(dialog).toBeVisible();
  const errors = dialog.getByRole('list', { name: 'Import errors' });
  await expect(errors.getByRole('listitem')).toHaveText([
    'Line 2, price: must be at least 0',
    'Line 3, category: Category not found: gadgets',
  ]);
  await expect(dialog.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page
    .getByLabel('CSV file to import')
    .setInputFiles(
      csvFile('good.csv', [
        header,
        `${mints.id},CSV Mints ${tag},edibles,6.00,40`,
        `,New Gum ${tag},edibles,3,9`,
      ]),
    );
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('From good.csv')).toBeVisible();
  const count = (label: string) => dialog.locator('dl > div', { hasText: label }).locator('dd');
  await expect(count('to add')).toHaveText('1');
  await expect(count('to update')).toHaveText('1');
  await expect(count('with errors')).toHaveText('0');
  await expect(
    dialog.getByRole('list', { name: 'Import changes' }).getByRole('listitem'),
  ).toHaveText([`Update CSV Mints ${tag} (line 2)`, `Add New Gum ${tag} (line 3)`]);
  await expectNoSeriousA11yViolations(page, 'dialog[open]');
  await page.screenshot({ path: testInfo.outputPath('import-preview.png') });

  await dialog.getByRole('button', { name: 'Import 2 changes' }).click();
  await expect(toast(page)).toContainText(/Catalog imported.*1 added, 1 updated/, {
    timeout: 20_000,
  });
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search products', exact: true }).fill(tag);
  const list = (
    testInfo.project.name === 'phone'
      ? page.getByRole('list', { name: 'Products', exact: true }).getByRole('listitem')
      : page.getByRole('table').getByRole('row')
  ).filter({ hasText: tag });
  await expect(list).toHaveCount(2);
  await expect(list.filter({ hasText: `New Gum ${tag}` })).toBeVisible();
  await expect(list.filter({ hasText: `CSV Mints ${tag}` })).toContainText('40');
  await expectNoSeriousA11yViolations(
    page,
    'section[aria-labelledby="inventory-management-title"]',
  );
  await page.screenshot({ path: testInfo.outputPath('inventory-after-import.png') });
});
