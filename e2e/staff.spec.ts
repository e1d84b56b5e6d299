import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import { expectNoSeriousA11yViolations } from './axe';
import { toastSays } from './toast';

/**
 * Staff and roles: the owner adds a member of support staff, who sees only
 * the inbox and the orders (read only); turning the account off signs them out at once.
 */

async function signedInPage(browser: Browser, username: string, password: string, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 800 },
  });
  await context.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  const login = await context.request.post('/api/auth/login', { data: { username, password } });
  expect(login.ok()).toBe(true);
  return { context, page: await context.newPage() };
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Dealer' });

/** On a phone the back-office menu folds into a button. */
async function openNav(page: Page) {
  // the first back-office render of a fresh context took over 15 s at load average 13: a bound
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  const menu = page.getByRole('button', { name: /Dealer menu/ });
  if (await menu.isVisible()) await menu.click();
}

test('the owner adds support staff, who sees only what the role allows until turned off', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const width = page.viewportSize()!.width;
  const stamp = `${testInfo.project.name}${Date.now()}`;
  const username = `sam.${stamp}`;
  const password = 'a-support-password';

  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  expect((await page.request.post('/api/auth/login', { data: E2E_DEALER })).ok()).toBe(true);
  await page.goto('/dealer');
  await openNav(page);
  await nav(page).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await expect(page).toHaveTitle('Staff | Canopy');

  const form = page.getByRole('form', { name: 'Add a staff member' });
  await form.getByRole('button', { name: 'Add Staff Member' }).click();
  await expect(form.getByText('First name is required')).toBeVisible();
  await expect(form.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(form.getByText('Initial password must be at least 8 characters')).toBeVisible();

  await form.getByLabel('First name').fill('Sam');
  await expect(form.getByText('First name is required')).toBeHidden();
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Employee number').fill(`S-${stamp.slice(-6)}`);
  await form.getByLabel('Role').selectOption('support');
  await expect(form.getByText('Live chat and contact messages; reads orders.')).toBeVisible();
  await form.getByLabel('Initial password').fill(password);
  await form.getByRole('button', { name: 'Add Staff Member' }).click();
  await expect(page.getByTestId('toast')).toHaveText(toastSays('Sam added as support.'));
  const row = page.getByTestId('staff-member').filter({ hasText: username });
  await expect(row).toContainText(`Employee #S-${stamp.slice(-6)}`);
  await expect(row.getByRole('combobox', { name: `Role of ${username}` })).toHaveValue('support');
  await page.screenshot({ path: testInfo.outputPath('staff-page.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);

  const support = await signedInPage(browser, username, password, width);
  await support.page.goto('/dealer');
  await expect(support.page.getByRole('heading', { name: 'Dealer Dashboard' })).toBeVisible();
  await expect(support.page.getByText('Welcome back, Sam.')).toBeVisible();
  await expect(support.page.getByRole('region', { name: 'Support Inbox' })).toBeVisible();
  const orders = support.page.getByRole('region', { name: 'Orders Management' });
  await expect(orders).toContainText('Your role reads orders without changing them.');
  await expect(orders.getByRole('combobox', { name: /Status of order/ })).toHaveCount(0);
  await expect(support.page.getByRole('region', { name: 'Inventory Management' })).toHaveCount(0);
  await expect(support.page.getByRole('region', { name: 'Promotions' })).toHaveCount(0);
  await openNav(support.page);
  await expect(nav(support.page).getByRole('link')).toHaveText(['Dashboard']);
  const signedIn = support.page.getByText(`Signed in as ${username}`).filter({ visible: true });
  await expect(signedIn.locator('xpath=..')).toContainText('Support');
  await support.page.screenshot({ path: testInfo.outputPath('support-dashboard.png') });

  await support.page.goto('/staff');
  await expect(support.page.getByRole('heading', { name: 'Not part of your role' })).toBeVisible();

  // the owner turns the account off: the support page's next call is refused and it leaves
  await row.getByRole('switch', { name: /^Active/ }).click();
  await expect(row.getByText('Disabled')).toBeVisible();
  await support.page.goto('/dealer');
  await expect(support.page.getByTestId('toast')).toHaveText(
    toastSays('Access Denied', 'You must log in to access this page'),
  );
  await expect(support.page).toHaveURL(/\/$/);
  const again = await support.context.request.post('/api/auth/login', {
    data: { username, password },
  });
  expect(again.status()).toBe(403);
  await support.context.close();

  // the owner reads every step in Activity
  await openNav(page);
  await nav(page).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  await page.getByLabel('What').selectOption('users');
  const entries = page.getByRole('list', { name: 'Activity entries' }).getByTestId('audit-entry');
  const turnedOff = entries.filter({ hasText: 'Turned off:' }).first();
  await expect(turnedOff).toContainText(/Staff member #\d+ changed/);
  await expect(turnedOff).toContainText('dealer (owner)');
  const added = entries.filter({ hasText: `Username: — → ${username}` });
  await expect(added).toContainText(/Staff member #\d+ created/);
  await expect(added).toContainText('Role: — → support');
  await page.getByLabel('What').selectOption('session');
  await expect(
    entries.filter({ hasText: 'Signed in' }).filter({ hasText: username }).first(),
  ).toBeVisible();
  const records = page.getByRole('link', { name: 'Download CSV' });
  const href = await records.getAttribute('href');
  expect(href).toMatch(/^\/api\/records\/orders\.csv\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
  const csv = await page.request.get(href!);
  expect(csv.ok()).toBe(true);
  expect((await csv.text()).split('\n')[0]).toMatch(
    /^Order,Record,Placed at \(UTC\),Shop date,Sale date,Status/,
  );
  await page.screenshot({ path: testInfo.outputPath('activity-page.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page);
});
