import { type APIRequestContext, expect, test } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import type { Product } from '../src/shared/schemas/products';
import { STORE_PROFILE_LABELS } from '../src/shared/schemas/store-profile';
import { contactForm } from './contact-form';

/**
 * Real-time journeys (issue: real-time channel and live chat): changes made by
 * the dealer appear on open shopper pages without a reload, and a shopper and
 * the dealer chat both ways in two separate browser contexts.
 */

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

async function logIn(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: E2E_DEALER });
  expect(res.ok()).toBe(true);
}

test('a dealer price change appears on an open product page without reload', async ({
  page,
  browser,
}, testInfo) => {
  const products = (await (await page.request.get('/api/products')).json()) as Product[];
  // each project edits its own product so the two runs never race
  const name = testInfo.project.name === 'phone' ? 'Micro-dose Mints' : 'Hemp Wick';
  const product = products.find((p) => p.name === name)!;
  // the socket connects once the page is idle: wait for its first message (init)
  const socketReady = page
    .waitForEvent('websocket', { timeout: 45_000 })
    .then((ws) => ws.waitForEvent('framereceived', { timeout: 45_000 }));
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await socketReady;

  const dealer = await browser.newContext();
  await logIn(dealer.request);
  const newPrice = product.price + 1.25;
  const patched = await dealer.request.patch(`/api/products/${product.id}`, {
    data: { price: newPrice },
  });
  expect(patched.ok()).toBe(true);
  try {
    await expect(page.getByText(`$${newPrice.toFixed(2)}`).first()).toBeVisible({ timeout: 5000 });
  } finally {
    await dealer.request.patch(`/api/products/${product.id}`, { data: { price: product.price } });
    await dealer.close();
  }
});

test('a shopper and the dealer chat both ways', async ({ page, browser }, testInfo) => {
  const question = `[${testInfo.project.name} ${Date.now()}] Do you deliver after 8pm?`;
  await page.goto('/');
  await page.getByRole('button', { name: /Open live chat/ }).click({ timeout: 10_000 });
  const chat = page.getByRole('dialog', { name: 'Live chat with support' });
  await chat.getByLabel('Your message').fill(question);
  await chat.getByRole('button', { name: 'Send chat message' }).click();
  // the line comes back from the server: it was stored, not only typed
  await expect(chat.getByRole('listitem').filter({ hasText: question })).toBeVisible();
  await expect(chat.getByLabel('Your message')).toHaveValue('');

  const dealerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await dealerContext.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  await logIn(dealerContext.request);
  const dealer = await dealerContext.newPage();
  await dealer.goto('/dealer');
  const inbox = dealer.getByRole('region', { name: 'Support Inbox' });
  await inbox.getByRole('button', { name: question.slice(0, 24) }).click();
  await expect(
    inbox
      .getByRole('list')
      .filter({ hasText: question })
      .getByRole('listitem')
      .filter({ hasText: question }),
  ).not.toHaveCount(0);

  const answer = `Yes, until 9pm! (${testInfo.project.name})`;
  await inbox.getByLabel('Reply as support').fill(answer);
  await inbox.getByRole('button', { name: 'Send reply' }).click();
  await expect(chat.getByText(answer)).toBeVisible({ timeout: 5000 });
  await dealerContext.close();

  // 11: the server issued the session and bound it to this browser's cookie, so a reload resumes it
  await page.reload();
  await page.getByRole('button', { name: /Open live chat/ }).click({ timeout: 10_000 });
  // the socket starts once the page is idle, then init names the session, then its history arrives
  await expect(chat.getByText(question)).toBeVisible({ timeout: 15_000 });
  await expect(chat.getByText(answer)).toBeVisible();
});

test('a contact message reaches the support inbox live, filed under the shopper who chats', async ({
  page,
  browser,
}, testInfo) => {
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const name = `Kim ${stamp}`;
  const question = `Can you deliver to Elm St? (${stamp})`;

  const dealerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await dealerContext.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  await logIn(dealerContext.request);
  const dealer = await dealerContext.newPage();
  const dealerSocket = dealer
    .waitForEvent('websocket', { timeout: 45_000 })
    .then((ws) => ws.waitForEvent('framereceived', { timeout: 45_000 }));
  await dealer.goto('/dealer');
  const inbox = dealer.getByRole('region', { name: 'Support Inbox' });
  await inbox.getByRole('tab', { name: /Contact Messages/ }).click();
  await dealerSocket;

  // the shopper has a live chat session (spec §7): the form goes over the channel as contact-info
  await page.goto('/');
  await page.getByRole('button', { name: /Open live chat/ }).click({ timeout: 10_000 });
  const chat = page.getByRole('dialog', { name: 'Live chat with support' });
  await chat.getByLabel('Your message').fill(`Hello (${stamp})`);
  await chat.getByRole('button', { name: 'Send chat message' }).click();
  await expect(chat.getByText(`Hello (${stamp})`)).toBeVisible();
  await chat.getByRole('button', { name: 'Close live chat' }).click();

  const contactPosts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/contact')) contactPosts.push(request.method());
  });
  const form = await contactForm(page);
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Phone').fill('555-0199');
  await form.getByLabel('Email').fill('kim@example.com');
  await form.getByLabel('Message').fill(question);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent!')).toBeVisible();
  expect(contactPosts).toEqual([]);

  // the dealer sees it without a reload, new, with how to reach the shopper
  const item = inbox.getByRole('listitem').filter({ hasText: question });
  await expect(item).toBeVisible({ timeout: 10_000 });
  await expect(item.getByText('New', { exact: true })).toBeVisible();
  await expect(item.getByRole('link', { name: '555-0199' })).toHaveAttribute(
    'href',
    'tel:555-0199',
  );
  await item.getByRole('button', { name: `Mark handled: message from ${name}` }).click();
  await expect(
    item.getByRole('button', { name: `Mark as new: message from ${name}` }),
  ).toBeVisible();
  await expect(item.getByText('New', { exact: true })).toBeHidden();

  // the conversation now carries the shopper's name instead of "Shopper"
  await item.getByRole('button', { name: 'Open chat' }).click();
  await expect(inbox.getByRole('tab', { name: /Live Chat/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(inbox.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
  await expect(
    inbox
      .getByRole('listitem')
      .filter({ hasText: `Hello (${stamp})` })
      .last(),
  ).toBeVisible();
  await dealerContext.close();
});

test('the store profile the dealer saves reaches open shop pages: footer, cart and Pickup tab', async ({
  browser,
}, testInfo) => {
  // one project drives it (the profile is one row for the whole shop); the shopper looks on a phone
  test.skip(testInfo.project.name !== 'desktop', 'the desktop run covers both sizes');
  const stamp = Date.now();
  const profile = {
    shopName: `Green Door ${stamp}`,
    legalName: `Green Door Holdings ${stamp}, LLC`,
    pickupAddress: `${stamp % 1000} Elm Street, Oakland`,
    openingHours: 'Daily 10 AM - 8 PM',
    phone: '(510) 555-0100',
    licenseNumber: `C10-${stamp}`,
    deliveryArea: `Oakland zone ${stamp}`,
    paymentMethods: 'Cash only',
  };

  const shopperContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await shopperContext.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  const shopper = await shopperContext.newPage();
  const products = (await (await shopper.request.get('/api/products')).json()) as Product[];
  const gummies = products.find((p) => p.category === 'edibles' && p.stock > 5)!;
  await shopper.addInitScript((line) => localStorage.setItem('cart', JSON.stringify([line])), {
    id: gummies.id,
    name: gummies.name,
    price: gummies.salePrice ?? gummies.price,
    quantity: '1',
    count: 1,
  });
  const socketReady = shopper
    .waitForEvent('websocket', { timeout: 45_000 })
    .then((ws) => ws.waitForEvent('framereceived', { timeout: 45_000 }));
  await shopper.goto('/cart');
  await expect(shopper.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await socketReady;

  const dealerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await dealerContext.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  await logIn(dealerContext.request);
  const original = await (await dealerContext.request.get('/api/store-profile')).json();
  const dealer = await dealerContext.newPage();
  await dealer.goto('/dealer');
  const panel = dealer.getByRole('region', { name: 'Store Profile' });
  // the demo catalog ships a profile. The dashboard's first draw is the heaviest of the back
  // office: on a loaded CI machine its answers came within 6 s and the drawing took over 15 s.
  await expect(panel.getByLabel('Shop name')).toHaveValue(original.shopName, { timeout: 45_000 });
  expect(original.shopName).not.toBe('');
  // too long a name is said under its field and nothing is sent
  await panel.getByLabel('Shop name').fill('x'.repeat(81));
  await panel.getByRole('button', { name: 'Save Store Profile' }).click();
  await expect(panel.getByText('Shop name must be at most 80 characters')).toBeVisible();
  for (const [field, label] of Object.entries(STORE_PROFILE_LABELS))
    await panel.getByLabel(label, { exact: true }).fill(profile[field as keyof typeof profile]);
  await expect(panel.getByText('Shop name must be at most 80 characters')).toBeHidden();
  await panel.getByRole('button', { name: 'Save Store Profile' }).click();
  await expect(dealer.getByText('Store profile saved.')).toBeVisible();

  // the open cart page follows without a reload
  const footer = shopper.getByRole('contentinfo');
  await expect(footer.getByText(profile.shopName)).toBeVisible();
  await expect(footer.getByText(`Licence ${profile.licenseNumber}`)).toBeVisible();
  await expect(footer.getByRole('link', { name: profile.phone })).toHaveAttribute(
    'href',
    'tel:5105550100',
  );
  await expect(shopper.getByTestId('delivery-terms')).toContainText(
    `We deliver to ${profile.deliveryArea}.`,
  );
  await expect(shopper.getByTestId('delivery-terms')).toContainText('Payment: Cash only');
  await shopper.getByRole('tab', { name: /Pickup/ }).click();
  await expect(shopper.getByTestId('pickup-details')).toContainText(profile.pickupAddress);
  await expect(shopper.getByTestId('pickup-details')).toContainText(profile.openingHours);
  await expect(shopper.getByTestId('delivery-terms')).toHaveCount(0);

  // leave the shop as it was for the other journeys
  expect((await dealerContext.request.put('/api/store-profile', { data: original })).ok()).toBe(
    true,
  );
  await dealerContext.close();
  await shopperContext.close();
});
