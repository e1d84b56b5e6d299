import { expect, test } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import { expectNoSeriousA11yViolations } from './axe';
import { placeOrder, productNamed } from './place-order';

/**
 * The shopper's status link: Your Orders links to /o/<token>, which any
 * device opens without the shop's cookie and which follows the order's status.
 */
test('the status link shows the order on another device and follows its status', async ({
  page,
  browser,
}, testInfo) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  const product = await productNamed(page.request, 'Sleepy Berry Gummies');
  const customer = `Jamie ${testInfo.project.name} Rivera`;
  const order = await placeOrder(page.request, product, customer, '1', 2);

  await page.goto('/orders');
  const card = page
    .getByTestId('order-card')
    .filter({ has: page.getByRole('heading', { name: `Order #${order.id}`, exact: true }) });
  await card.getByRole('link', { name: `Track order #${order.id}` }).click();
  await expect(page).toHaveURL(`/o/${order.statusToken}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${order.id}` })).toBeVisible();
  await expect(page).toHaveTitle(`Order #${order.id} status | Canopy`);

  // a phone that never visited the shop: no cookie, only the link
  const elsewhere = await browser.newContext({ viewport: page.viewportSize()! });
  await elsewhere.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  const other = await elsewhere.newPage();
  await other.goto(`/o/${order.statusToken}`);
  await expect(other.getByText('Hi Jamie, here is your order.')).toBeVisible();
  await expect(other.getByTestId('order-status-now')).toHaveText('Placed · Pickup at the shop');
  await expect(other.getByRole('list', { name: 'Items' })).toContainText(
    'Sleepy Berry Gummies (1) × 2',
  );
  await expect(other.locator('body')).not.toContainText('555-0188');
  await expect(other.locator('body')).not.toContainText('Rivera');

  const dealer = await browser.newContext();
  expect((await dealer.request.post('/api/auth/login', { data: E2E_DEALER })).ok()).toBe(true);
  const moved = await dealer.request.patch(`/api/orders/${order.id}/status`, {
    data: { status: 'ready' },
  });
  expect(moved.ok()).toBe(true);
  await dealer.close();
  await other.reload();
  await expect(other.getByTestId('order-status-now')).toHaveText(
    'Ready for pickup · Pickup at the shop',
  );
  await expect(
    other.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]'),
  ).toContainText('Ready for pickup');
  await other.screenshot({ path: testInfo.outputPath('order-status.png'), fullPage: true });
  await expectNoSeriousA11yViolations(other);

  await other.goto('/o/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(other.getByRole('heading', { name: 'This status link is not valid' })).toBeVisible();
  await elsewhere.close();
});
