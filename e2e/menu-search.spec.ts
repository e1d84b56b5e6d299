import { expect, type Page, test } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import { expectNoSeriousA11yViolations } from './axe';
import { productNamed } from './place-order';

/** Search that finds, and choosing a flavor through to Your Orders. */

async function passAgeGate(page: Page) {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    localStorage.setItem('ageVerified', 'true');
  });
}

test.beforeEach(async ({ page }) => passAgeGate(page));

test('search finds "pre roll" and "gumy", marks sold-out results, and opens a product', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.getByRole('button', { name: 'Search products' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search Products' });
  const input = dialog.getByRole('searchbox');

  await input.fill('pre roll');
  await expect(dialog.getByRole('link', { name: /^Classic Joint/ })).toBeVisible();
  await expect(dialog.getByRole('link')).toHaveCount(6);
  // the sold-out preroll keeps its mark in the results
  await expect(
    dialog.getByRole('link', { name: /^Infused Diamond Joint/ }).getByText('SOLD OUT'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await input.fill('gumy');
  await expect(dialog.getByRole('link').first()).toContainText('Gummies');
  await expect(dialog.getByRole('link', { name: /^Sleepy Berry Gummies/ })).toBeVisible();

  await input.fill('blue razz');
  await expect(dialog.getByRole('link')).toHaveCount(1);
  await input.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Live Resin Cart' })).toBeVisible();
});

test('a flavor is chosen on the product page and named in the cart, Your Orders and the receipt', async ({
  page,
  request,
}) => {
  const product = await productNamed(request, 'Live Resin Cart');
  await page.goto(`/product/${product.id}`);
  const flavor = page.getByLabel('Select Flavor:');
  await expect(flavor).toBeVisible();
  await expect(flavor.getByRole('option', { name: 'Grape Ape — sold out' })).toBeDisabled();
  await expect(flavor.getByRole('option', { name: /^Blue Razz — \d+ left$/ })).toBeEnabled();

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Choose a flavor to add this to your cart.')).toBeVisible();
  await expect(flavor).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await flavor.selectOption('Blue Razz');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('link', { name: 'View Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const line = page.getByTestId('cart-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('Blue Razz');

  await page.getByRole('tab', { name: /Pickup/ }).click();
  const details = page.getByRole('region', { name: 'Your Details' });
  await details.getByLabel('Name', { exact: true }).fill('Flora');
  await details.getByLabel('Phone', { exact: true }).fill('555-0140');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thank-you\?/);
  const orderId = new URL(page.url()).searchParams.get('order');

  await page.getByRole('link', { name: 'View Your Orders' }).click();
  const card = page
    .getByTestId('order-card')
    .filter({ has: page.getByRole('heading', { name: `Order #${orderId}`, exact: true }) });
  await expect(card).toContainText('Live Resin Cart · Blue Razz');
  await expectNoSeriousA11yViolations(page);

  // the shop hands it over; the shopper's receipt names the flavor on its line
  expect((await request.post('/api/auth/login', { data: E2E_DEALER })).ok()).toBe(true);
  const handedOver = await request.patch(`/api/orders/${orderId}/status`, {
    data: { status: 'completed' },
  });
  expect(handedOver.ok(), await handedOver.text()).toBe(true);
  await page.reload();
  const [receipt] = await Promise.all([
    page.waitForEvent('popup'),
    card
      .getByRole('link', { name: `View receipt of order #${orderId} (opens in a new tab)` })
      .click(),
  ]);
  await expect(receipt.getByRole('row', { name: /Live Resin Cart/ })).toContainText('Blue Razz');
  await expectNoSeriousA11yViolations(receipt);
});
