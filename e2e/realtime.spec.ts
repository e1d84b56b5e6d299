import { type APIRequestContext, expect, test } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import type { Product } from '../src/shared/types';

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
    .waitForEvent('websocket', { timeout: 20_000 })
    .then((ws) => ws.waitForEvent('framereceived', { timeout: 20_000 }));
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
  const chat = page.getByRole('region', { name: 'Live chat with support' });
  await chat.getByLabel('Your message').fill(question);
  await chat.getByRole('button', { name: 'Send chat message' }).click();
  await expect(chat.getByText(question)).toBeVisible();

  const dealerContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await dealerContext.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  await logIn(dealerContext.request);
  const dealer = await dealerContext.newPage();
  await dealer.goto('/dealer');
  const inbox = dealer.getByRole('region', { name: 'Live Chat Inbox' });
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
