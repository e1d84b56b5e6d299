/**
 * The abuse limits stop attackers, never an ordinary shopper. This shop runs every
 * limit at its default (the other journeys' shops raise the order rate for their many orders):
 * a shopper browses, searches, places three orders, chats and reads their orders without one
 * refusal.
 */
import { expect, type Page, test } from '@playwright/test';
import { isSoldByWeight } from '../src/shared/quantity';
import type { Product } from '../src/shared/schemas/products';
import { products } from './place-order';

/** Every answer a limit gives: 429 from any route, "Slow down" from the chat. */
function collectRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 429) refusals.push(`429 ${response.url()}`);
  });
  page.on('websocket', (socket) =>
    socket.on('framereceived', (frame) => {
      if (String(frame.payload).includes('Slow down')) refusals.push('chat: Slow down');
    }),
  );
  return refusals;
}

async function addFromProductPage(page: Page, product: Product) {
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  // the shopper sees it went in (the confirmation offers the cart) before going on
  await expect(page.getByRole('link', { name: 'View Cart' })).toBeVisible();
}

async function placeFromCart(page: Page, tab: RegExp, phone: string) {
  await page.goto('/cart');
  const details = page.getByRole('region', { name: 'Your Details' });
  await details.getByLabel('Name', { exact: true }).fill('Ordinary Shopper');
  await details.getByLabel('Phone', { exact: true }).fill(phone);
  await details.getByLabel('Delivery address').fill('12 Valencia St, San Francisco, CA 94103');
  await page.getByRole('tab', { name: tab }).click();
  if (tab.source.includes('Scheduled')) {
    await expect(page.getByRole('radio', { checked: true }).first()).toBeVisible();
    await page.getByRole('radio', { name: / - / }).first().check();
    // a delivery has a minimum: the shopper adds units until the cart stops asking for more
    const shortOfMinimum = page.getByText(/Delivery orders need .* more/);
    const addOne = page.getByRole('button', { name: /^Add one more / }).first();
    for (let added = 0; added < 9 && (await shortOfMinimum.count()) > 0; added++) {
      const note = await shortOfMinimum.textContent();
      await addOne.click();
      await expect(shortOfMinimum.filter({ hasText: note ?? '' })).toHaveCount(0);
    }
    await expect(shortOfMinimum).toHaveCount(0);
  }
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thank-you\?/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('an ordinary shopper browses, orders three times and chats without meeting a limit', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const refusals = collectRefusals(page);
  const phone = testInfo.project.name === 'ordinary-phone' ? '415-555-0191' : '415-555-0192';
  const shelf = (await products(request)).filter(
    (p) =>
      !isSoldByWeight(p) && p.strainTypes.length <= 1 && p.flavors.length === 0 && p.stock >= 20,
  );
  expect(shelf.length).toBeGreaterThanOrEqual(6);

  await page.goto('/');
  await page.getByRole('button', { name: "YES, I'M 21+" }).click();
  await expect(page.getByRole('article').first()).toBeVisible();

  // browsing: a few product pages and a search, as a shopper comparing
  for (const product of shelf.slice(3, 6)) {
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  }
  await page.goto('/');
  await page.getByRole('button', { name: 'Search products' }).click();
  const search = page.getByRole('dialog', { name: 'Search Products' });
  await search.getByRole('searchbox').fill('kush');
  await expect(search.getByRole('link').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // three orders: two pickups and a scheduled delivery
  await addFromProductPage(page, shelf[0]!);
  await placeFromCart(page, /Pickup/, phone);
  await addFromProductPage(page, shelf[1]!);
  await addFromProductPage(page, shelf[2]!);
  await placeFromCart(page, /Pickup/, phone);
  const priciest = shelf.reduce((a, b) =>
    (b.salePrice ?? b.price) > (a.salePrice ?? a.price) ? b : a,
  );
  await addFromProductPage(page, priciest);
  await placeFromCart(page, /Scheduled/, phone);

  // a few questions in the chat, in a row
  await page
    .getByRole('button', { name: /^Open live chat/ })
    .first()
    .click();
  const chat = page.getByRole('dialog', { name: 'Live chat with support' });
  const messages = ['Hi! I just placed three orders.', 'Can the pickup be at 5?', 'Thanks!'];
  for (const message of messages) {
    await chat.getByLabel('Your message').fill(message);
    await chat.getByLabel('Your message').press('Enter');
    await expect(chat.getByRole('listitem').filter({ hasText: message })).toBeVisible();
  }
  await chat.getByRole('button', { name: 'Close live chat' }).click();

  // the later marker: every order is listed, and nothing on the way was refused
  await page.goto('/orders');
  await expect(page.getByTestId('order-card')).toHaveCount(3);
  expect(refusals).toEqual([]);
  await expect(page.getByRole('status').filter({ hasText: 'Slow down' })).toHaveCount(0);
});
