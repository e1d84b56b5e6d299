/**
 * Shopper journeys through the storefront (spec §2.1-§2.6, §5, §8), at phone and
 * desktop sizes. Demo data comes from the API, never hard-coded ids.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import { FLOWER_QUANTITIES } from '../src/shared/constants';
import { formatDollars } from '../src/shared/money';
import { tierPrices } from '../src/shared/pricing';
import { isSoldByWeight } from '../src/shared/quantity';
import type { Category } from '../src/shared/schemas/categories';
import type { Product } from '../src/shared/schemas/products';
import { readableProductPath } from '../src/shared/slugs';
import { contactForm } from './contact-form';

async function catalog(request: APIRequestContext) {
  const products = (await (await request.get('/api/products')).json()) as Product[];
  const categories = (await (await request.get('/api/categories')).json()) as Category[];
  return { products, categories };
}

async function skipAgeGate(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
}

async function openSideMenu(page: Page) {
  await page.getByRole('button', { name: /open menu/i }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  return menu;
}

async function closeSideMenu(page: Page) {
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
}

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

test.describe('age verification', () => {
  test('NO sends the shopper to a search engine', async ({ page }) => {
    await page.route('https://www.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Google</title><p>left</p>' }),
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Are you 21 or older?' })).toBeVisible();
    const leaving = page.waitForRequest((req) => req.url().startsWith('https://www.google.com'));
    await page.getByRole('button', { name: "NO, I'M UNDER 21" }).click();
    await leaving;
    await expect(page).toHaveURL(/^https:\/\/www\.google\.com/);
  });

  test('YES is remembered after a reload', async ({ page }) => {
    await page.goto('/');
    const gate = page.getByRole('heading', { name: 'Are you 21 or older?' });
    await expect(gate).toBeVisible();
    await page.getByRole('button', { name: "YES, I'M 21+" }).click();
    await expect(gate).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: /Premium cannabis/ })).toBeVisible();
    await expect(gate).toBeHidden();
  });
});

test.describe('home storefront', () => {
  test.beforeEach(async ({ page }) => skipAgeGate(page));

  test('browse by the category bar and by category headings', async ({ page, request }) => {
    const { products, categories } = await catalog(request);
    const topLevel = categories
      .filter((c) => !c.parentId)
      .sort((a, b) => a.sortOrder - b.sortOrder);
    const withProducts = topLevel.filter((c) => products.some((p) => p.category === c.slug));
    const [first, second] = withProducts;
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: 'Product categories' });
    await expect(bar.getByRole('button')).toHaveText([
      'All Products',
      ...topLevel.map((c) => c.name),
    ]);
    const heading = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });
    await expect(heading(first.name)).toBeVisible();

    await bar.getByRole('button', { name: second.name, exact: true }).click();
    await expect(heading(second.name)).toBeVisible();
    await expect(heading(first.name)).toHaveCount(0);
    await expect(bar.getByRole('button', { name: second.name, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await bar.getByRole('button', { name: 'All Products' }).click();
    await expect(heading(first.name)).toBeVisible();

    // clicking a category heading selects that category
    await heading(first.name).getByRole('button').click();
    await expect(bar.getByRole('button', { name: first.name, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(heading(second.name)).toHaveCount(0);
  });

  test('strain filter on and off', async ({ page, request }) => {
    const { products } = await catalog(request);
    const sativa = products.find((p) => p.strain === 'Sativa' && p.strainTypes.length === 0)!;
    const indica = products.find(
      (p) => p.strain === 'Indica' && !p.strainTypes.includes('Sativa'),
    )!;
    await page.goto('/');
    await expect(card(page, indica.name).first()).toBeAttached();

    let menu = await openSideMenu(page);
    await menu.getByRole('button', { name: 'Sativa' }).click();
    await expect(menu.getByRole('button', { name: 'Sativa' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await closeSideMenu(page);
    await expect(card(page, sativa.name).first()).toBeAttached();
    await expect(card(page, indica.name)).toHaveCount(0);

    // choosing the active strain again clears the filter
    menu = await openSideMenu(page);
    await menu.getByRole('button', { name: 'Sativa' }).click();
    await expect(menu.getByRole('button', { name: 'Sativa' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await closeSideMenu(page);
    await expect(card(page, indica.name).first()).toBeAttached();

    // Clear Filter
    menu = await openSideMenu(page);
    await menu.getByRole('button', { name: 'Indica' }).click();
    await menu.getByRole('button', { name: 'Clear Filter' }).click();
    await closeSideMenu(page);
    await expect(card(page, sativa.name).first()).toBeAttached();
  });

  test('add to cart shows the count on the floating cart button', async ({ page, request }) => {
    const { products } = await catalog(request);
    const product = products.find((p) => p.stock > 20 && p.strainTypes.length <= 1 && !p.featured)!;
    await page.goto('/');
    const target = card(page, product.name).last();
    await target.scrollIntoViewIfNeeded();
    await target.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(target.getByText('In cart: 1')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await target.getByRole('button', { name: `Add one more ${product.name}` }).click();
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    await target.getByRole('button', { name: `Remove one ${product.name}` }).click();
    await target.getByRole('button', { name: `Remove one ${product.name}` }).click();
    await expect(target.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  });
});

test.describe('product menu and search', () => {
  test.beforeEach(async ({ page }) => skipAgeGate(page));

  test('Product Menu groups by category and shows flower prices with bullets', async ({
    page,
    request,
  }) => {
    const { products } = await catalog(request);
    const flower = products.filter((p) => isSoldByWeight(p));
    await page.goto('/');
    const menu = await openSideMenu(page);
    await menu.getByRole('button', { name: 'Product Menu' }).click();
    const overlay = page.getByRole('dialog', { name: 'Product Menu' });
    await expect(overlay.getByRole('heading', { name: 'Product Menu' })).toBeVisible();

    const flowerSection = overlay.getByRole('region', { name: 'Flower' });
    await expect(flowerSection).toBeVisible();
    const sample = flower[0];
    const tiers = tierPrices(sample);
    const short = ['1/8', '1/4', '1/2', '1oz'];
    const expected = FLOWER_QUANTITIES.map(
      (q, i) => `${short[i]} ${formatDollars(tiers[q].sale ?? tiers[q].regular)}`,
    ).join(' • ');
    const row = flowerSection.getByRole('link', { name: new RegExp(sample.name) });
    await expect(row).toContainText(expected);

    // highest price first inside a subcategory group
    const sameGroup = flower
      .filter((p) => p.subcategory === sample.subcategory)
      .sort((a, b) => (b.salePrice ?? b.price) - (a.salePrice ?? a.price));
    const names = await flowerSection
      .getByRole('link')
      .evaluateAll((links) => links.map((l) => l.querySelector('.truncate')?.textContent ?? ''));
    const order = names.filter((n) => sameGroup.some((p) => p.name === n));
    expect(order).toEqual(sameGroup.map((p) => p.name));

    // non-flower rows show a single price
    const other = products.find((p) => p.category !== 'flower')!;
    await expect(
      overlay.getByRole('link', { name: new RegExp(other.name) }).first(),
    ).not.toContainText('•');

    await row.click();
    await expect(overlay).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: sample.name })).toBeVisible();
  });

  test('search by strain, Enter opens the first result, Escape clears', async ({
    page,
    request,
  }) => {
    const { products } = await catalog(request);
    await page.goto('/');
    // the catalogue and the chat button (mounted once the page is idle) have arrived
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Open live chat/ })).toBeVisible();
    await page.getByRole('button', { name: 'Search products' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search Products' });
    await expect(dialog.getByText('Start typing to search for products')).toBeVisible();

    const input = dialog.getByRole('searchbox');
    await input.fill('indica');
    // the dialog answers what the search endpoint answers (one search)
    const indicaCount = (await (await request.get('/api/products/search?q=indica')).json()).length;
    await expect(dialog.getByRole('link')).toHaveCount(indicaCount);

    await input.fill('zzzz-no-such-thing');
    await expect(dialog.getByText('No products found matching the query')).toBeVisible();

    await input.press('Escape');
    await expect(input).toHaveValue('');
    await expect(dialog.getByText('Start typing to search for products')).toBeVisible();
    await expect(dialog).toBeVisible();

    const target = products.find((p) => p.strain !== 'none')!;
    await input.fill(target.name);
    const first = dialog.getByRole('link').first();
    await expect(first).toContainText(target.name);
    await input.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${readableProductPath(target)}$`));
    await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
  });
});

test.describe('product detail', () => {
  test.beforeEach(async ({ page }) => skipAgeGate(page));

  test('by numeric id and by both readable addresses', async ({ page, request }) => {
    const { products } = await catalog(request);
    const product = products.find((p) => isSoldByWeight(p) && p.strain !== 'none' && p.stock > 0)!;
    const withStrain = readableProductPath(product);
    const segments = withStrain.split('/');
    const withoutStrain = [...segments.slice(0, 4), segments[5]].join('/');

    // the page arrives with its data and, hydrated, does not ask for that data again
    const isProductData = (url: string) => new URL(url).pathname.startsWith('/api/products/');
    const dataRequests: string[] = [];
    const preloadWarnings: string[] = [];
    page.on('request', (r) => {
      if (isProductData(r.url())) dataRequests.push(r.url());
    });
    page.on('console', (m) => {
      // "not used within a few seconds from the window's load event" only says the CPU was slow
      // (one data request per page already proves the preload was used); a mismatch is a bug
      if (/preload/i.test(m.text()) && !/within a few seconds/.test(m.text())) {
        preloadWarnings.push(m.text());
      }
    });
    for (const url of [`/product/${product.id}`, withStrain, withoutStrain]) {
      dataRequests.length = 0;
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
      await expect(page.getByText('Price per quantity')).toBeVisible();
      await expect(page.getByLabel('Select Quantity:')).toBeVisible();
      await expect(page.getByRole('img', { name: `${product.name} image 1` })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Cart (0)' })).toBeVisible();
      await expect(page.locator('html:not([data-hydrating])')).toHaveCount(1);
      // a later marker: whatever the hydrated page asked for on mount, it asked before this
      await page.evaluate(() => fetch('/api/store-profile?marker'));
      expect(dataRequests).toEqual([]);
    }
    expect(preloadWarnings).toEqual([]);

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('link', { name: 'View Cart' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart (1)' })).toBeVisible();
  });

  test('one picture ships no carousel code; several turn with the arrows and the dots', async ({
    page,
    request,
    browser,
  }, testInfo) => {
    const { products } = await catalog(request);
    const single = products.find((p) => p.media.length === 1)!;
    // the carousel library's code, by a method name its minified build keeps
    const scripts: Promise<string | null>[] = [];
    page.on('response', (r) => {
      // a script still arriving when the test ends has no body left to read once the page closes
      if (r.request().resourceType() === 'script') scripts.push(r.text().catch(() => null));
    });
    const carouselScripts = async () => {
      const bodies = await Promise.all(scripts);
      expect(bodies).not.toContain(null);
      return bodies.filter((code) => code?.includes('slidesInView')).length;
    };
    await page.goto(`/product/${single.id}`);
    await expect(page.getByRole('img', { name: `${single.name} image 1` })).toBeVisible();
    await expect(page.locator('html:not([data-hydrating])')).toHaveCount(1);
    await page.evaluate(() => fetch('/api/store-profile?marker'));
    expect(await carouselScripts()).toBe(0);
    await expect(page.getByRole('button', { name: 'Next image' })).toHaveCount(0);

    const dealerContext = await browser.newContext();
    const dealer = dealerContext.request;
    expect((await dealer.post('/api/auth/login', { data: E2E_DEALER })).ok()).toBe(true);
    const name = `E2E Two Pictures ${testInfo.project.name} ${Date.now()}`;
    const pictures = [single.media[0], products.find((p) => p.id !== single.id)!.media[0]];
    const created = await dealer.post('/api/products', {
      data: {
        name,
        category: 'edibles',
        description: 'Two pictures',
        price: 9,
        stock: 5,
        media: pictures,
      },
    });
    expect(created.ok()).toBe(true);
    const { id } = (await created.json()) as Product;
    await dealerContext.close();

    // the carousel's code is held back until the shopper has tapped: the tap is not lost
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    const heldRequests: string[] = [];
    await page.route(/embla/, async (route) => {
      heldRequests.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.goto(`/product/${id}`);
    const carousel = page.getByRole('region', { name: `${name} images` });
    await expect(carousel.getByRole('img', { name: `${name} image 1` })).toBeInViewport();
    await expect(page.locator('html:not([data-hydrating])')).toHaveCount(1);
    await expect(carousel.getByRole('button', { name: 'Show image 1' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await expect.poll(() => heldRequests.length).toBe(1);
    release();
    await expect(carousel.getByRole('button', { name: 'Show image 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(carousel.getByRole('img', { name: `${name} image 2` })).toBeInViewport();
    await carousel.getByRole('button', { name: 'Show image 1' }).click();
    await expect(carousel.getByRole('button', { name: 'Show image 1' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(await carouselScripts()).toBe(1);
  });

  test('a unit product shows Price per unit', async ({ page, request }) => {
    const { products } = await catalog(request);
    const product = products.find((p) => !isSoldByWeight(p) && p.strainTypes.length <= 1)!;
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText('Price per unit')).toBeVisible();
    await expect(page.getByLabel('Select Quantity:')).toHaveCount(0);
  });

  test('Add to Cart stays in reach on a phone, clear of the floating buttons', async ({
    page,
    request,
  }, testInfo) => {
    const { products } = await catalog(request);
    const product = products.find((p) => p.name === 'Blue Dream')!;
    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    const add = page.getByRole('button', { name: 'Add to Cart' });
    const viewport = page.viewportSize()!;
    const inView = async () => {
      const box = (await add.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= viewport.height;
    };
    const phone = testInfo.project.name === 'phone';
    expect(await inView()).toBe(true);
    await contactForm(page);
    // phones keep the buy bar on screen; on a desktop the button stays beside the product
    expect(await inView()).toBe(phone);

    // the chat button waits for the first idle moment; once there it covers none of the bar
    const chat = page.getByRole('button', { name: /^Open live chat/ });
    await expect(chat).toBeVisible({ timeout: 10_000 });
    if (phone) {
      const [a, c] = [(await add.boundingBox())!, (await chat.boundingBox())!];
      expect(c.y + c.height <= a.y || a.y + a.height <= c.y).toBe(true);
      // the bar's own cart controls replace the floating cart here
      await expect(page.getByRole('link', { name: /^Cart, / })).toBeHidden();
      await add.click();
      await expect(page.getByRole('link', { name: 'View Cart' })).toBeVisible();
      const viewCart = (await page.getByRole('link', { name: 'View Cart' }).boundingBox())!;
      expect(viewCart.y + viewCart.height).toBeLessThanOrEqual(viewport.height);
    } else {
      await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
    }
  });

  test('several strain types require a choice', async ({ page, request }) => {
    const { products } = await catalog(request);
    const product = products.find((p) => p.strainTypes.length > 1 && p.stock > 0);
    expect(product, 'the demo catalog has a multi-strain product in stock').toBeDefined();
    await page.goto(`/product/${product!.id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Strain Type Required')).toBeVisible();
    await expect(
      page.getByText('Please select a strain type before adding to cart.'),
    ).toBeVisible();
    // and at the field itself, which takes the focus
    const strain = page.getByLabel('Select Strain Type:');
    await expect(strain).toBeFocused();
    await expect(strain).toHaveAttribute('aria-invalid', 'true');
    await expect(strain).toHaveAccessibleDescription(
      'Choose a strain type to add this to your cart.',
    );
    await page.getByLabel('Select Strain Type:').selectOption(product!.strainTypes[0]);
    await expect(strain).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('link', { name: 'Cart (1)' })).toBeVisible();
  });

  test('an unknown product shows the not-found view', async ({ page }) => {
    await page.goto('/product/987654321');
    await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
    await expect(
      page.getByText("Sorry, the product you're looking for could not be found."),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('any other path reads 404 Page Not Found', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });
});

test.describe('keyboard', () => {
  test.beforeEach(async ({ page }) => skipAgeGate(page));

  test('the skip link lands on the main content, and closing the chat returns focus to its button', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();

    const launcher = page.getByRole('button', { name: /^Open live chat/ });
    await launcher.click({ timeout: 10_000 });
    const chat = page.getByRole('dialog', { name: 'Live chat with support' });
    await expect(chat.getByLabel('Your message')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(chat).toBeHidden();
    await expect(page.getByRole('button', { name: /^Open live chat/ })).toBeFocused();
  });
  test('a product row is one card in the Tab order, arrow keys move along it', async ({ page }) => {
    await page.goto('/');
    const featured = page.getByRole('region', { name: 'Featured Products' });
    const firstLink = featured.getByRole('listitem').first().getByRole('link').last();
    await expect(firstLink).toBeVisible();
    // from the page's start to the category bar: header, hero, the promotions' pause control
    // and dots, and one card per row
    // the banner has a dot per active promotion, and other journeys add and delete promotions
    // on this shop while this one runs: the bound counts the dots before and after
    const dots = page.getByRole('button', { name: /^Show promotion \d+$/ });
    const dotsBefore = await dots.count();
    await page.keyboard.press('Tab');
    let stops = 1;
    const categories = page.getByRole('navigation', { name: 'Product categories' });
    while (!(await categories.evaluate((nav) => nav.contains(document.activeElement)))) {
      await page.keyboard.press('Tab');
      stops += 1;
      expect(stops, 'Tab stops before the category bar').toBeLessThanOrEqual(30);
    }
    // skip link, logo, search, menu, Order Now, pause, the dots, and per product row its two
    // scroll buttons and one card (link, size, Add to Cart), then the category bar
    const dotsAfter = await dots.count();
    expect(stops, 'Tab stops before the category bar').toBeLessThanOrEqual(
      17 + Math.max(dotsBefore, dotsAfter),
    );

    await firstLink.focus();
    await page.keyboard.press('ArrowRight');
    const second = featured.getByRole('listitem').nth(1);
    await expect(second.getByRole('link').last()).toBeFocused();
    await page.keyboard.press('Tab');
    // the card's own controls follow its link
    await expect(second.getByRole('combobox').or(second.getByRole('link').nth(1))).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('ArrowLeft');
    await expect(firstLink).toBeFocused();
  });
});

test.describe('theme and contact', () => {
  test.beforeEach(async ({ page }) => skipAgeGate(page));

  test('theme choice survives a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/theme-dark/);
    const menu = await openSideMenu(page);
    await menu.getByRole('button', { name: 'Light' }).click();
    await expect(page.locator('html')).toHaveClass(/theme-light/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/theme-light/);
    const again = await openSideMenu(page);
    await expect(again.getByRole('button', { name: 'Light' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await again.getByRole('button', { name: 'Rainbow' }).click();
    await expect(page.locator('html')).toHaveClass(/theme-colorful/);
  });

  test('contact form validation and success', async ({ page }) => {
    await page.goto('/');
    const form = await contactForm(page);
    const send = form.getByRole('button', { name: 'Send Message' });

    await send.click();
    await expect(page.getByText('Missing information')).toBeVisible();
    await expect(page.getByText('Please fill out all fields to send your message.')).toBeVisible();

    await form.getByLabel('Name').fill('Sam Shopper');
    await form.getByLabel('Phone').fill('555-0100');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Message').fill('Do you deliver downtown?');
    await send.click();
    await expect(page.getByText('Invalid email', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

    await form.getByLabel('Email').fill('sam@example.com');
    await send.click();
    await expect(page.getByText('Message sent!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    // back to an empty form after 3 s
    await expect(form.getByLabel('Name')).toHaveValue('', { timeout: 6000 });
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeHidden();
  });
});
