import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import { expectNoSeriousA11yViolations } from './axe';
import { collectErrors, visitHydrated } from './hydration';
import { makeShopLicensed } from './licensed';
import { toastSays } from './toast';

/**
 * A licensed shop, on its own server: the dealer switches it to California's rule
 * set with a 9.5% sales tax and a delivery zone; shoppers see the zone, the tax lines and the
 * daily limits before they place an order, and the server holds them to the same numbers.
 */

interface ApiProduct {
  id: number;
  name: string;
  price: number;
  salePrice: number | null;
}

async function productNamed(request: APIRequestContext, name: string): Promise<ApiProduct> {
  const list = (await (await request.get('/api/products')).json()) as ApiProduct[];
  const product = list.find((p) => p.name === name);
  if (!product) throw new Error(`demo product ${name} is missing`);
  return product;
}

async function seed(page: Page, lines: object[]) {
  await page.addInitScript((cart) => {
    if (sessionStorage.getItem('e2e-seeded')) return;
    sessionStorage.setItem('e2e-seeded', '1');
    localStorage.setItem('ageVerified', 'true');
    localStorage.setItem('cart', JSON.stringify(cart));
  }, lines);
}

const details = (page: Page) => page.getByRole('region', { name: 'Your Details' });

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  await makeShopLicensed(request);
  await request.dispose();
});

test('a delivery shows its zone, the daily limit it takes and the California taxes', async ({
  page,
  request,
}, testInfo) => {
  const dream = await productNamed(request, 'Blue Dream');
  const quarter = Math.round(dream.price * 190) / 100;
  await seed(page, [
    { id: dream.id, name: dream.name, price: quarter, quantity: '1/4 Oz', count: 1 },
  ]);
  await page.goto('/cart');
  const card = details(page);
  await card.getByLabel('Name', { exact: true }).fill('Cal Shopper');
  await card
    .getByLabel('Phone', { exact: true })
    .fill(testInfo.project.name === 'licensed-phone' ? '415-555-0161' : '415-555-0162');
  // the postal code comes first, and its zone's terms before the rest of the address
  const postalCode = card.getByLabel('Postal code');
  await expect(page.getByTestId('delivery-zone')).toHaveText(
    'We deliver by area: your postal code shows your delivery fee and minimum.',
  );
  await postalCode.fill('94999');
  await expect(page.getByTestId('delivery-zone')).toHaveText(
    "We don't deliver to 94999 yet. Choose Pickup, or another address.",
  );
  await card.getByLabel('Delivery address').fill('12 Elm Street, San Francisco, CA');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByTestId('toast')).toHaveText(
    toastSays('Outside our delivery area', "We don't deliver to 94999 yet"),
  );
  await expect(postalCode).toBeFocused();

  await postalCode.fill('94110');
  await expect(page.getByTestId('delivery-zone')).toHaveText(
    'Mission: $7.00 delivery · $60 minimum · 45-90 min',
  );
  // $85.50 of flower + $7 fee: excise 15% of 92.50 = 13.88; sales 9.5% of 92.50 + 13.88 = 10.11
  await expect(page.getByTestId('summary-fee')).toHaveText('$7.00');
  await expect(page.getByTestId('summary-tax')).toHaveText(['$13.88', '$10.11']);
  await expect(page.getByText('Cannabis excise tax (15%)')).toBeVisible();
  await expect(page.getByText('Sales tax (9.5%)')).toBeVisible();
  await expect(page.getByTestId('summary-total')).toHaveText('$116.49');
  await expect(page.getByTestId('limit-meter')).toContainText('7 g of 28.5 g flower daily limit');
  await expect(page.getByTestId('limit-meter')).toContainText('21.5 g of flower left today');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thank-you/);
  await expect(page.getByTestId('thank-you-taxes')).toHaveText(
    'Cannabis excise tax (15%)$13.88Sales tax (9.5%)$10.11Total$116.49',
  );
  await page.goto('/orders');
  const order = page.getByTestId('order-card').first();
  await expect(order).toContainText('$116.49');
  await expect(order.getByTestId('order-taxes')).toHaveText('incl. $23.99 taxes');
});

test('"prices include taxes" shows out-the-door prices on the menu and in the cart, the same total', async ({
  page,
  request,
}) => {
  const dream = await productNamed(request, 'Blue Dream');
  const quarter = Math.round(dream.price * 190) / 100;
  await seed(page, [
    { id: dream.id, name: dream.name, price: quarter, quantity: '1/4 Oz', count: 1 },
  ]);
  expect((await request.post('/api/auth/login', { data: E2E_DEALER })).ok()).toBe(true);
  const show = (pricesIncludeTaxes: boolean) =>
    request.patch('/api/dealer-settings', { data: { pricesIncludeTaxes } });
  expect((await show(true)).ok()).toBe(true);
  try {
    // the server prints the taxed prices and the browser hydrates them unchanged
    const errors = collectErrors(page);
    await visitHydrated(page, `/product/${dream.id}`);
    expect(errors).toEqual([]);
    // $45.00 + 15% excise = $51.75, + 9.5% sales tax = $56.666… → $56.67
    await expect(page.getByText('$56.67', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('incl. tax', { exact: true }).first()).toBeVisible();

    await page.goto('/cart');
    await details(page).getByLabel('Postal code').fill('94110');
    // $85.50 with its own taxes is $107.67; the $7 fee with its excise and sales tax and the rounding: $8.82
    await expect(page.getByTestId('line-total')).toHaveText('$107.67');
    await expect(page.getByText('$107.67 / 1/4 Oz incl. tax')).toBeVisible();
    await expect(page.getByTestId('summary-subtotal')).toHaveText('$107.67');
    await expect(page.getByText('Items (incl. taxes)')).toBeVisible();
    await expect(page.getByTestId('summary-fee')).toHaveText('$8.82');
    await expect(page.getByTestId('summary-total')).toHaveText('$116.49');
    await expect(page.getByTestId('summary-tax')).toHaveText(['$13.88', '$10.11']);
    await expect(page.getByText('Your total includes')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // the dealer turns it off: the open cart shows the prices as set, live
    expect((await show(false)).ok()).toBe(true);
    await expect(page.getByTestId('line-total')).toHaveText('$85.50');
    await expect(page.getByTestId('summary-subtotal')).toHaveText('$85.50');
    await expect(page.getByTestId('summary-total')).toHaveText('$116.49');
  } finally {
    await show(false);
  }
});

test('a cart over the daily flower limit says so before and at placement', async ({
  page,
  request,
}, testInfo) => {
  const dream = await productNamed(request, 'Blue Dream');
  // nine eighths: 31.5 g of flower, over the 28.5 g a day
  await seed(page, [
    { id: dream.id, name: dream.name, price: dream.price, quantity: '1/8 Oz', count: 9 },
  ]);
  await page.goto('/cart');
  await page.getByRole('tab', { name: /Pickup/ }).click();
  const card = details(page);
  await card.getByLabel('Name', { exact: true }).fill('Over Limit');
  await card
    .getByLabel('Phone', { exact: true })
    .fill(testInfo.project.name === 'licensed-phone' ? '415-555-0171' : '415-555-0172');
  await expect(page.getByTestId('limit-meter')).toContainText(
    '31.5 g of 28.5 g flower daily limit',
  );
  await expect(page.getByTestId('limit-meter')).toContainText('Over the limit');
  // a cart past its limit reads as clearly as a fresh one (axe on a full cart)
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByTestId('toast')).toHaveText(
    toastSays(
      'Daily limit reached',
      'Daily limit reached: you can buy up to 28.5 g of flower per day, and 28.5 g is left today.',
    ),
  );
  await expect(page).toHaveURL(/\/cart$/);
});

test('Bulk is not offered for flower under the California rules; accessories keep it', async ({
  page,
  request,
}) => {
  const dream = await productNamed(request, 'Blue Dream');
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  await page.goto(`/product/${dream.id}`);
  const sizes = page.getByRole('combobox', { name: 'Select Quantity:' });
  await expect(sizes.locator('option')).toHaveText(['1/8 Oz', '1/4 Oz', '1/2 Oz', '1 Oz']);
});

test('an add that would pass the daily limit is refused in the cart', async ({ page, request }) => {
  const dream = await productNamed(request, 'Blue Dream');
  // eight eighths: 28 g, half a gram under the limit
  await seed(page, [
    { id: dream.id, name: dream.name, price: dream.price, quantity: '1/8 Oz', count: 8 },
  ]);
  await page.goto('/cart');
  await expect(page.getByTestId('limit-meter')).toContainText('0.5 g of flower left today');
  await page.getByRole('button', { name: 'Add one more Blue Dream' }).click();
  await expect(page.getByTestId('toast')).toHaveText(
    toastSays(
      'Daily limit reached',
      'Daily limit reached: you can buy up to 28.5 g of flower per day, and 28.5 g is left today.',
    ),
  );
  await expect(page.getByTestId('limit-meter')).toContainText('28 g of 28.5 g flower daily limit');
  // the cart at its limit, with the refusal on screen
  await expectNoSeriousA11yViolations(page);
});

test('the dealer reads the rule set with its sources and manages delivery zones', async ({
  page,
}, testInfo) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  expect((await page.request.post('/api/auth/login', { data: E2E_DEALER })).ok()).toBe(true);
  await page.goto('/dealer');
  const compliance = page.getByRole('region', { name: 'Compliance' });
  await expect(compliance.getByLabel('Rule set')).toHaveValue('US-CA');
  await expect(compliance.getByLabel('Sales tax rate (%)')).toHaveValue('9.5');
  await expect(compliance).toContainText('28.5 g of flower a day');
  await expect(compliance).toContainText('Cal. Code Regs. tit. 4, §15409(a)(1)');
  await expect(compliance).toContainText('Cannabis excise tax 15% today');
  // the out-the-door switch is saved with the rest of the form
  const outTheDoor = compliance.getByRole('switch', { name: 'Prices include taxes' });
  await expect(outTheDoor).toHaveAttribute('aria-checked', 'false');
  const save = compliance.getByRole('button', { name: 'Save Compliance Settings' });
  await outTheDoor.click();
  await save.click();
  await expect(page.getByTestId('toast')).toContainText('Compliance settings saved.');
  const settings = async () =>
    (await (await page.request.get('/api/dealer-settings')).json()) as object;
  expect(await settings()).toMatchObject({ pricesIncludeTaxes: true });
  await outTheDoor.click();
  await save.click();
  await expect.poll(settings).toMatchObject({ pricesIncludeTaxes: false });

  const zones = page.getByRole('region', { name: 'Delivery Zones' });
  await expect(zones.getByTestId('delivery-zone-row').first()).toContainText('94110, 94103');
  const form = zones.getByRole('form', { name: 'Add a delivery zone' });
  const zoneName = `Sunset ${testInfo.project.name}`;
  await form.getByLabel('Zone name').fill(zoneName);
  await form.getByLabel('Postal codes').fill('941');
  await form.getByRole('button', { name: 'Add Zone' }).click();
  await expect(form.getByText('Postal codes must be a five-digit postal code')).toBeVisible();
  const code = testInfo.project.name === 'licensed-phone' ? '94122' : '94116';
  await form.getByLabel('Postal codes').fill(code);
  await expect(form.getByText('Postal codes must be a five-digit postal code')).toHaveCount(0);
  await form.getByLabel('Delivery fee ($)').fill('9');
  await form.getByRole('button', { name: 'Add Zone' }).click();
  const row = zones.getByTestId('delivery-zone-row').filter({ hasText: zoneName });
  await expect(row).toContainText(code);
  await expect(row).toContainText('$9 fee · $50 minimum');
  await expectNoSeriousA11yViolations(page, '#dealer-compliance');
  await expectNoSeriousA11yViolations(page, '#dealer-delivery-zones');

  await row.getByRole('button', { name: `Delete zone ${zoneName}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});
