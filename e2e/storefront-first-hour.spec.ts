import { expect, type Locator, type Page, test } from '@playwright/test';
import { saleLabel } from '../src/shared/pricing';
import type { Product } from '../src/shared/schemas/products';
import { readableProductPath } from '../src/shared/slugs';
import { expectNoSeriousA11yViolations } from './axe';
import { contactForm } from './contact-form';

/**
 * The first hour of a shopper: nothing floats over what
 * they tap, a required field shows above the sticky bar, Back returns to their card, sold-out
 * and sale items look it, the chat counts replies and fills a phone, names read as shown.
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

async function products(page: Page): Promise<Product[]> {
  return (await (await page.request.get('/api/products')).json()) as Product[];
}

const demo = async (page: Page, name: string) =>
  (await products(page)).find((p) => p.name === name)!;
const isPhone = (page: Page) => page.viewportSize()!.width < 768;

/** The floating buttons on screen now (chat, cart). */
async function floatingBoxes(page: Page) {
  const boxes = [];
  for (const floating of await page.locator('[data-floating]').all()) {
    if (await floating.isVisible()) boxes.push((await floating.boundingBox())!);
  }
  return boxes;
}

/** Fails when a visible floating button overlaps `target` where it is on screen now. */
async function expectUncovered(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  for (const f of await floatingBoxes(page)) {
    const apart =
      f.x + f.width <= box.x ||
      box.x + box.width <= f.x ||
      f.y + f.height <= box.y ||
      box.y + box.height <= f.y;
    expect(apart, `a floating button covers ${target}`).toBe(true);
  }
}

const chatLauncher = (page: Page) => page.getByRole('button', { name: /^Open live chat/ });

test.describe('nothing floats over what the shopper taps (item 6)', () => {
  test('every page ends clear of the chat and cart buttons', async ({ page }) => {
    await page.goto('/');
    await expect(chatLauncher(page)).toBeVisible();
    await contactForm(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeInViewport();
    await expectUncovered(page, page.getByRole('button', { name: 'Send Message' }));
  });

  test('the product page shows its price and actions uncovered; on a phone the chat is in the header', async ({
    page,
  }) => {
    const product = await demo(page, 'Blue Dream');
    await page.goto(`/product/${product.id}`);
    const launcher = chatLauncher(page);
    await expect(launcher).toBeVisible();
    const header = page.getByRole('banner');
    if (isPhone(page))
      await expect(header.getByRole('button', { name: /^Open live chat/ })).toBeVisible();
    else await expect(header.getByRole('button', { name: /^Open live chat/ })).toBeHidden();

    const panelPrice = page.getByText('Price per quantity');
    await expectUncovered(page, panelPrice);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const increase = page.getByRole('button', { name: /^Add one more/ });
    await expect(increase).toBeVisible();
    await expectUncovered(page, increase);
    // the stock tooltip above the plus button
    await increase.hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await expectUncovered(page, page.getByRole('tooltip'));
    await expectNoSeriousA11yViolations(page);
  });

  test('the checkout: the Same-Day tab and Place Order are never under a floating button', async ({
    page,
  }) => {
    const product = await demo(page, 'Blue Dream');
    await page.addInitScript(
      (line) => {
        if (!localStorage.getItem('cart')) localStorage.setItem('cart', JSON.stringify([line]));
      },
      { id: product.id, name: product.name, price: product.price, quantity: '1/8 Oz', count: 1 },
    );
    await page.goto('/cart');
    await expect(chatLauncher(page)).toBeVisible();
    for (const target of [
      page.getByRole('tab', { name: /Same-Day/ }),
      page.getByRole('button', { name: 'Place Order' }),
    ]) {
      // wherever the shopper scrolls it to: the top, the bottom of the screen
      await target.evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await expectUncovered(page, target);
      await target.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await expectUncovered(page, target);
    }
  });
});

test('Strain Type Required shows the strain select above the sticky bar (item 7)', async ({
  page,
}) => {
  const product = await demo(page, 'Mini Joints 5-Pack');
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const strain = page.getByLabel('Select Strain Type:');
  await expect(strain).toBeFocused();
  await expect(strain).toBeInViewport();
  const field = (await strain.boundingBox())!;
  const bar = (await page.locator('[data-buy-bar]').boundingBox())!;
  if (isPhone(page)) expect(field.y + field.height).toBeLessThanOrEqual(bar.y);
  await expectNoSeriousA11yViolations(page);
});

test.describe('Back from a product page (item 14)', () => {
  test('after a reload of the product page, Back returns to the card the shopper came from', async ({
    page,
  }) => {
    const all = await products(page);
    const product = all.filter((p) => !p.featured && !/\d{10,}/.test(p.name)).at(-2)!;
    await page.goto('/');
    const card = page.getByRole('article', { name: product.name, exact: true }).last();
    await expect(async () => {
      await card.scrollIntoViewIfNeeded({ timeout: 2_000 });
      await expect(card).toBeInViewport({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await card.getByRole('link', { name: product.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    // the link works once the app runs (its chat button follows the app)
    await expect(chatLauncher(page)).toBeVisible();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(card).toBeInViewport();
  });

  test('a product page loaded anew from a shop page still goes Back to it, to the same place', async ({
    page,
    baseURL,
  }) => {
    const product = await demo(page, 'Granddaddy Purple');
    await page.goto('/');
    const card = page.getByRole('article', { name: product.name, exact: true }).last();
    await expect(async () => {
      await card.scrollIntoViewIfNeeded({ timeout: 2_000 });
      await expect(card).toBeInViewport({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    // the shop's page keeps its place once its app runs (the chat button follows the app);
    // a scroll by script is no tap, so the app starts on its own after the first paint
    await expect(chatLauncher(page)).toBeVisible();
    // a whole page load from the shop's page (a link opened in place before the page could
    // answer it, the catalog without scripts): the product page knows only its referrer
    await page.goto(readableProductPath(product), { referer: `${baseURL}/` });
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(chatLauncher(page)).toBeVisible();
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(card).toBeInViewport();
    // Back went back in history: the product page is still ahead
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  });
});

test('the Product Menu and search mark sold-out and on-sale products (item 15)', async ({
  page,
}) => {
  const soldOut = await demo(page, 'OG Kush');
  const ounceSale = await demo(page, 'Girl Scout Cookies');
  expect(saleLabel(ounceSale)).toBe('1 Oz on sale');
  await page.goto('/');
  await page.getByRole('button', { name: /open menu/i }).click();
  await page
    .getByRole('dialog', { name: 'Menu' })
    .getByRole('button', { name: 'Product Menu' })
    .click();
  const menu = page.getByRole('dialog', { name: 'Product Menu' });
  const row = (name: string) => menu.getByRole('link', { name: new RegExp(`^${name}`) });
  await expect(row(soldOut.name).getByText('SOLD OUT')).toBeVisible();
  await expect(row(ounceSale.name).getByText('1 Oz on sale')).toBeVisible();
  await expect(row(ounceSale.name).locator('s')).toHaveText('was $320.00');
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Search products' }).click();
  const search = page.getByRole('dialog', { name: 'Search Products' });
  await search.getByLabel('Search products').fill('kush');
  const result = search.getByRole('link', { name: new RegExp(`^${soldOut.name}`) });
  await expect(result.getByText('SOLD OUT')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a phone opens the chat as a full-height sheet that holds the focus (item 18)', async ({
  page,
}) => {
  await page.goto('/');
  await chatLauncher(page).click();
  const chat = page.getByRole('dialog', { name: 'Live chat with support' });
  await expect(chat.getByLabel('Your message')).toBeFocused();
  const box = (await chat.boundingBox())!;
  const viewport = page.viewportSize()!;
  if (isPhone(page)) {
    expect(box).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
    // the sheet is modal: Tab and Shift+Tab never reach the page hidden behind it
    await chat.getByLabel('Your message').fill('Hello');
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      const inPage = await page.evaluate(() => {
        const active = document.activeElement;
        return !!active && active !== document.body && !active.closest('#live-chat-panel');
      });
      expect(inPage, `${key} left the chat sheet`).toBe(false);
    }
  } else {
    expect(box.height).toBeLessThan(viewport.height * 0.75);
  }
  await expectNoSeriousA11yViolations(page);
  await chat.getByRole('button', { name: 'Close live chat' }).click();
  await expect(chat).toBeHidden();
  await expect(chatLauncher(page)).toBeFocused();
});

test.describe('names read as shown (item 22)', () => {
  test('Choose Strain and related products', async ({ page }) => {
    const several = await demo(page, 'Mini Joints 5-Pack');
    await page.goto('/');
    const card = page.getByRole('article', { name: several.name, exact: true }).first();
    await expect(
      card.getByRole('link', { name: `Choose Strain for ${several.name}` }),
    ).toBeAttached();

    const product = await demo(page, 'Blue Dream');
    await page.goto(`/product/${product.id}`);
    const related = page.getByRole('region', { name: 'You Might Also Like' });
    const first = related.getByRole('link').first();
    await expect(first).toBeAttached();
    // a link's name is the product's name and price, the name read once
    const productName = ((await first.locator('span.font-semibold').textContent()) ?? '').trim();
    const escaped = productName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(first).toHaveAccessibleName(new RegExp(`^${escaped} \\$`));
  });

  test('the promotions banner stays still under reduced motion and has a pause control', async ({
    page,
  }) => {
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Promotions' });
    const current = banner.locator('button[aria-current="true"]');
    await expect(banner.getByRole('button', { name: 'Play promotions' })).toBeVisible();
    const still = await current.getAttribute('aria-label');
    await page.clock.runFor(20_000);
    await expect(current).toHaveAttribute('aria-label', still!);

    // Play starts it; Pause stops it again
    await banner.getByRole('button', { name: 'Play promotions' }).click();
    await page.mouse.move(0, 0);
    await banner.getByRole('button', { name: 'Pause promotions' }).blur();
    await page.clock.runFor(8_000);
    await expect(current).not.toHaveAttribute('aria-label', still!);
    const moved = await current.getAttribute('aria-label');
    await banner.getByRole('button', { name: 'Pause promotions' }).click();
    await banner.getByRole('button', { name: 'Play promotions' }).blur();
    await page.mouse.move(0, 0);
    await page.clock.runFor(20_000);
    await expect(current).toHaveAttribute('aria-label', moved!);
    await expectNoSeriousA11yViolations(page, 'section[aria-label="Promotions"]');
  });
});
