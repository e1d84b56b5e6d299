/**
 * The owner opens Reports from the back office's menu, switches the period, reads a
 * chart's table and downloads it as a CSV. The journey sells its own product, so the tables it
 * reads hold its own rows whatever other journeys sold on the same shop.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import type { Product } from '../src/shared/schemas/products';
import { expectNoSeriousA11yViolations } from './axe';
import { placeOrder } from './place-order';
import { logInThroughDialog } from './staff-login';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
});

async function openReports(page: Page, phone: boolean) {
  if (phone) await page.getByRole('button', { name: /Dealer menu/ }).click();
  await page
    .getByRole('navigation', { name: 'Dealer' })
    .getByRole('link', { name: 'Reports' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
}

test('41 the owner reads today’s sales, switches to yesterday and downloads a table', async ({
  page,
}, testInfo) => {
  test.slow();
  const tag = `${testInfo.project.name} ${Date.now()}`;
  const owner = await page.request.post('/api/auth/login', { data: E2E_DEALER });
  expect(owner.ok()).toBe(true);
  const created = await page.request.post('/api/products', {
    data: { name: `Report Mints ${tag}`, category: 'edibles', price: 2, stock: 100 },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const mints = (await created.json()) as Product;
  await page.request.post('/api/auth/logout');
  await placeOrder(page.request, mints, 'Robin Report', '1', 10);

  await logInThroughDialog(page, E2E_DEALER);
  await openReports(page, testInfo.project.name === 'phone');

  const period = page.getByRole('combobox', { name: 'Period', exact: true });
  await expect(period).toHaveValue('today');
  // the chart and its table: the journey's 10 tins lead today's units
  const units = page.getByRole('region', { name: 'Top 10 products by units', exact: true });
  await expect(units.getByRole('row', { name: new RegExp(`Report Mints ${tag}`) })).toContainText(
    '$20.00',
  );
  await expect(page.locator('#report-products-units svg.recharts-surface')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await period.selectOption({ label: 'Yesterday' });
  const hours = page.getByRole('region', { name: 'Revenue and orders per hour', exact: true });
  await expect(units.getByRole('cell', { name: 'Nothing in this period.' })).toBeVisible();
  await expect(hours.getByRole('row', { name: /^14:00/ })).toHaveText(/14:00\s*0\s*\$0\.00/);
  await expect(page.getByTestId('report-summary')).toContainText('Orders0');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV of revenue and orders per hour' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^canopy-revenue-(\d{4}-\d{2}-\d{2})-to-\1\.csv$/);
  const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n');
  expect(lines[0]).toBe('Hour,Orders,Revenue,Average order,Orders (previous),Revenue (previous)');
  expect(lines).toHaveLength(25);
  expect(lines[15]).toBe('14:00,0,$0.00,$0.00,0,$0.00');

  const taxes = page.getByRole('region', { name: 'Tax report', exact: true });
  await expect(taxes.getByRole('combobox', { name: 'Month or quarter' })).toBeVisible();
  await expect(taxes.getByRole('row', { name: /Line 12/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
