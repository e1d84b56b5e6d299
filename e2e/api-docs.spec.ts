import { expect, test } from '@playwright/test';

test("18.3 the API reference renders from the shop's own assets, under its CSP", async ({
  page,
  baseURL,
}) => {
  // Swagger UI is a 1.5 MB script: on a loaded machine its first render takes a while
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  const refusedByCsp: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:')) foreign.push(url);
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusedByCsp.push(message.text());
  });

  await page.goto('/api/docs/');
  await expect(page).toHaveTitle('Canopy API reference');
  await expect(page.getByRole('heading', { name: /Canopy API/ })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('heading', { name: /^orders\b/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('api-docs-top.png') });
  const placeOrder = page.locator('.opblock', { hasText: '/api/orders/simple' });
  await expect(placeOrder).toBeVisible();
  // a dealer operation shows the lock of its cookie requirement
  const dealerCall = page.locator('.opblock', { hasText: '/api/contact-messages' }).first();
  await expect(dealerCall.locator('.authorization__btn')).toBeVisible();
  await placeOrder.locator('.opblock-summary').click();
  // the operation's schemas render on the client: slow on a loaded phone profile
  await expect(placeOrder.getByText('Request body')).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath('api-docs.png') });

  expect(foreign).toEqual([]);
  expect(refusedByCsp).toEqual([]);
});
