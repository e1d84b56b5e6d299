/**
 * `/` and the product pages arrive rendered by the server and are hydrated. The
 * browser must draw exactly what the server drew, whatever this browser remembers (the
 * spec's localStorage keys, or the cookies the server reads), or React reports a mismatch.
 */
import { expect, type Page, test } from '@playwright/test';
import type { Product } from '../src/shared/schemas/products';
import { collectErrors, productPages, visitHydrated } from './hydration';

const SAVED_STATES = {
  'nothing saved': async () => {},
  'localStorage only (age, cart, light theme)': async (page: Page, product: Product) => {
    await page.addInitScript(
      (item) => {
        localStorage.setItem('ageVerified', 'true');
        localStorage.setItem('theme', 'theme-light');
        localStorage.setItem('cart', JSON.stringify([item]));
        localStorage.setItem(`quantity:${item.id}`, '1/4 Oz');
      },
      {
        id: product.id,
        name: product.name,
        price: product.price,
        quantity: product.category === 'flower' ? '1/8 Oz' : '1',
        count: 1,
      },
    );
  },
  'cookies only (age, rainbow theme)': async (page: Page) => {
    const url = test.info().project.use.baseURL!;
    await page.context().addCookies([
      { name: 'canopy_age', value: '1', url },
      { name: 'canopy_theme', value: 'theme-colorful', url },
    ]);
  },
} as const;

for (const [state, save] of Object.entries(SAVED_STATES)) {
  test(`the home and product pages hydrate without a mismatch: ${state}`, async ({
    page,
    request,
  }) => {
    const { product, urls } = await productPages(request);
    await save(page, product);
    const errors = collectErrors(page);
    for (const url of ['/', ...urls]) {
      await visitHydrated(page, url);
      expect(errors, url).toEqual([]);
    }
  });
}

test('a saved light theme paints light from the server, with no dark first frame', async ({
  page,
}) => {
  await page.addInitScript(() => {
    localStorage.setItem('ageVerified', 'true');
    localStorage.setItem('theme', 'theme-light');
  });
  await visitHydrated(page, '/');
  // the boot wrote the spec's key into the cookie the server reads
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'canopy_theme')?.value).toBe('theme-light');
  const response = await page.request.get('/', {
    headers: { cookie: 'canopy_theme=theme-light; canopy_age=1' },
  });
  expect(await response.text()).toContain('<html lang="en" class="theme-light" data-hydrating>');
});

test('YES on the age gate is remembered by the server too', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: "YES, I'M 21+" }).click();
  await expect(page.getByRole('heading', { name: 'Are you 21 or older?' })).toBeHidden();
  await page.reload();
  await expect(page.locator('html:not([data-hydrating])')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Are you 21 or older?' })).toBeHidden();
  expect(await page.locator('#age-gate-static').count()).toBe(0);
});

/** Holds every product image until `release`, so the page cannot finish loading before then. */
async function holdImages(page: Page) {
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route('**/media/**', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function acceptAgeGate(page: Page) {
  await page
    .context()
    .addCookies([{ name: 'canopy_age', value: '1', url: test.info().project.use.baseURL! }]);
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
}

const isAppScript = (url: string) => /\/assets\/start-[\w-]+\.js$/.test(url);

/** When the document was parsed and loaded, and when the app was requested. */
function pageTiming(page: Page) {
  return page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      parsed: navigation.domContentLoadedEventStart,
      loaded: navigation.loadEventEnd,
      app: performance.getEntriesByType('resource').find((entry) => /\/start-/.test(entry.name))
        ?.startTime,
    };
  });
}

/** Two frames after the entry ran: an entry that asked for the app at once has asked by now. */
async function twoFramesLater(page: Page) {
  await page.evaluate(
    () =>
      new Promise((done) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done))),
      ),
  );
}

test('a rendered page asks for the app only once it has loaded', async ({ page }) => {
  await acceptAgeGate(page);
  const release = await holdImages(page);
  const appRequests: string[] = [];
  page.on('request', (request) => {
    if (isAppScript(request.url())) appRequests.push(request.url());
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await twoFramesLater(page);
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
  expect(appRequests).toEqual([]);
  // the rendered page is readable meanwhile
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();

  release();
  await expect(page.locator('html:not([data-hydrating])')).toHaveCount(1);
  const timing = await pageTiming(page);
  expect(timing.app).toBeGreaterThanOrEqual(timing.loaded);
  expect(appRequests).toHaveLength(1);
});

test('a tap before the page has loaded starts the app at once', async ({ page }) => {
  await acceptAgeGate(page);
  const release = await holdImages(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.mouse.click(1, 1);
  await expect(page.locator('html:not([data-hydrating])')).toHaveCount(1);
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
  release();
});

test('an empty page (the cart) asks for the app at once', async ({ page }) => {
  await acceptAgeGate(page);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  const timing = await pageTiming(page);
  // the entry runs before DOMContentLoaded, and asks for the app right there
  expect(timing.app).toBeLessThanOrEqual(timing.parsed);
});

test('a shopper who said YES before the cookie existed loses the gate before the app loads', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  const release = await holdImages(page);
  const response = page.waitForResponse((r) => new URL(r.url()).pathname === '/');
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  // the server, without the cookie, sent its gate
  expect(await (await response).text()).toContain('id="age-gate-static"');
  await expect(page.locator('#age-gate-static')).toHaveCount(0);
  expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
  expect(await page.locator('html[data-hydrating]').count()).toBe(1);
  release();
});

// A page may have been rendered minutes ago (the server keeps it while the data is unchanged),
// and a phone's clock may run ahead: neither makes what the page was drawn with stale.
for (const clock of ['as the server', 'ten minutes ahead'] as const) {
  test(`a rendered page does not ask the API again for what it was drawn with: phone clock ${clock}`, async ({
    page,
    request,
  }) => {
    await acceptAgeGate(page);
    if (clock === 'ten minutes ahead') await page.clock.setFixedTime(Date.now() + 10 * 60_000);
    const { product } = await productPages(request);
    const asked: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
    });
    const renderedWith = {
      '/': [
        '/api/dealer-settings',
        '/api/categories',
        '/api/promotions',
        '/api/products',
        '/api/products/newest?days=21',
      ],
      [`/product/${product.id}`]: [
        '/api/dealer-settings',
        '/api/categories',
        `/api/products/${product.id}`,
      ],
    };
    for (const [url, reads] of Object.entries(renderedWith)) {
      asked.length = 0;
      await visitHydrated(page, url);
      // a later marker: every read the hydrated page started on mount was asked for before it
      await page.evaluate(() => fetch('/api/store-profile?marker'));
      const beforeMarker = asked.slice(0, asked.indexOf('/api/store-profile?marker'));
      for (const read of reads)
        expect(beforeMarker, `${url} asked for ${read} again`).not.toContain(read);
    }
  });
}
