import { executionAsyncId } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { withGoodsTaxes } from '@shared/compliance/out-the-door';
import { RULE_SETS } from '@shared/compliance/rule-sets';
import { formatCents, formatDollars } from '@shared/money';
import { unitPrice } from '@shared/pricing';
import { defaultQuantity } from '@shared/quantity';
import type { Product } from '@shared/schemas/products';
import { shopClock } from '@shared/shop-clock';
import { readableProductPath } from '@shared/slugs';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerClient } from '../../../test/catalog-admin';
import { BACKENDS, createTestApp, type TestApp } from '../../../test/harness';
import { writeWebBuild } from '../../../test/web-build';
import { createStorefrontRenderer, splitRequestUrl, storefrontRequest } from './ssr';

const VERIFIED = 'canopy_age=1';

function dataBlock(html: string, id: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${id}">(.*?)</script>`).exec(html);
  if (!match) throw new Error(`no #${id} in the page`);
  return JSON.parse(match[1]);
}

function rootMarkup(html: string): string {
  const start = html.indexOf('<div id="root">');
  return html.slice(start, html.indexOf('<script type="application/json"', start));
}

const plainName = (p: Product) => /^[\w .-]+$/.test(p.name);

describe.each(BACKENDS)('server-rendered storefront (%s)', (dialect) => {
  let t: TestApp;
  let products: Product[];
  let webDir: string;
  beforeAll(async () => {
    webDir = writeWebBuild();
    t = await createTestApp(dialect, { webDir });
    products = (await t.app.inject('/api/products')).json();
  });
  afterAll(() => t.dispose());

  const get = (url: string, cookie = VERIFIED, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { cookie, ...headers } });

  it('prints the home page with its products, prices and images before any script runs', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const root = rootMarkup(res.body);
    expect(root.includes('Featured Products')).toBe(true);
    // every card printed carries its product's name, link and price
    const cards = [
      ...root.matchAll(
        /<article [^>]*aria-label="([^"]+)" data-scroll-anchor="(\d+)"[\s\S]*?<\/article>/g,
      ),
    ];
    expect(cards.length).toBeGreaterThanOrEqual(8);
    for (const [card, name, id] of cards) {
      const product = products.find((p) => p.id === Number(id));
      expect(product?.name).toBe(name);
      if (!product || !plainName(product)) continue;
      expect(card.includes(`>${product.name}</a>`), name).toBe(true);
      expect(card.includes(formatDollars(unitPrice(product, defaultQuantity(product)))), name).toBe(
        true,
      );
    }
    expect(/<img [^>]*srcSet="[^"]+"/i.test(root)).toBe(true);
    // React's image preloads go to the head; #root holds only the app
    expect(root.startsWith('<div id="root"><div class="flex min-h-dvh')).toBe(true);
    // the page paints from its HTML; its scripts come after the stylesheet and images
    expect(res.body.includes('<script type="module" fetchpriority="low"')).toBe(true);
  });

  it('hands the browser exactly the answers its API gives, for hydration', async () => {
    const state = dataBlock((await get('/')).body, 'canopy-state') as {
      queries: { queryKey: unknown[]; state: { data: unknown; status: string } }[];
    };
    const byKey = new Map(state.queries.map((q) => [JSON.stringify(q.queryKey), q.state]));
    const api = async (url: string) => (await t.app.inject(url)).json();
    expect(byKey.get('["products"]')?.data).toEqual(products);
    expect(byKey.get('["categories"]')?.data).toEqual(await api('/api/categories'));
    expect(byKey.get('["promotions"]')?.data).toEqual(await api('/api/promotions'));
    expect(byKey.get('["dealer-settings"]')?.data).toEqual(await api('/api/dealer-settings'));
    expect(byKey.get('["products","newest",21]')?.data).toEqual(
      await api('/api/products/newest?days=21'),
    );
    const env = dataBlock((await get('/')).body, 'canopy-env') as {
      now: number;
      timeZone: string;
      clock: unknown;
    };
    expect(env.timeZone).toBe(t.config.SHOP_TIMEZONE);
    // the hydrating browser takes the server's reading instead of making a formatter first
    expect(env.clock).toEqual(shopClock(new Date(env.now), env.timeZone));
  });

  it('prints a product page by id and by its readable address', async () => {
    const flower = products.find((p) => p.category === 'flower' && p.stock > 0 && plainName(p));
    if (!flower) throw new Error('the demo catalog has no flower');
    for (const url of [`/product/${flower.id}`, readableProductPath(flower)]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const root = rootMarkup(res.body);
      expect(new RegExp(`<h1[^>]*>${flower.name}</h1>`).test(root), url).toBe(true);
      expect(root.includes(formatDollars(unitPrice(flower, defaultQuantity(flower)))), url).toBe(
        true,
      );
      expect(root.includes('Select Quantity:'), url).toBe(true);
      expect(res.body.includes(`<title>${flower.name}`), url).toBe(true);
    }
  });

  it('overlays the age gate until the shopper said YES, and paints the saved theme', async () => {
    const unverified = await get('/', 'canopy_theme=theme-light');
    expect(unverified.body).toContain('id="age-gate-static"');
    expect(unverified.body).toContain('href="/age-verified?next=%2F"');
    expect(unverified.body).toContain('<html lang="en" class="theme-light" data-hydrating>');
    const verified = await get('/');
    expect(verified.body).not.toContain('age-gate-static');
    expect(verified.body).toContain('class="theme-dark"');
  });

  it("returns the age gate's YES to the page's path: the storefront reads no query parameter", async () => {
    for (const query of ['?category=flower', '?category=edibles', '?category=flower', '']) {
      const page = await get(`/${query}`, 'canopy_theme=theme-light');
      expect(page.body).toContain('href="/age-verified?next=%2F"');
    }
  });

  it('300 junk query strings are one cache entry, and a real page stays cached', async () => {
    const renderer = createStorefrontRenderer(t.app);
    const template = readFileSync(path.join(webDir, 'index.html'), 'utf8');
    const decorate = async (page: string) => page;
    /** what the server makes of a request for this URL, with no age-gate answer yet */
    const visit = (url: string, theme: string) =>
      storefrontRequest({ url, headers: { cookie: `canopy_theme=${theme}` } } as FastifyRequest);
    const real = await renderer.page(visit('/', 'theme-dark'), template, decorate);
    expect(real).not.toBeNull();
    for (let n = 0; n < 300; n++)
      await renderer.page(visit(`/?q=${n}`, 'theme-light'), template, decorate);
    expect(renderer.composedPages()).toBe(2);
    const again = { url: '/?utm_source=mail', headers: { cookie: 'canopy_theme=theme-dark' } };
    expect(renderer.cached(again as FastifyRequest, template)).toBe(real);
  });

  it('prints the menu filter of the URL, cached once per normal filter', async () => {
    const renderer = createStorefrontRenderer(t.app);
    const template = readFileSync(path.join(webDir, 'index.html'), 'utf8');
    const decorate = async (page: string) => page;
    const visit = (url: string) =>
      storefrontRequest({ url, headers: { cookie: VERIFIED } } as FastifyRequest);
    const filtered = await renderer.page(visit('/?brand=Kiva&sort=price-low'), template, decorate);
    await renderer.page(visit('/?sort=price-low&utm=1&brand=Kiva,Kiva'), template, decorate);
    await renderer.page(visit('/'), template, decorate);
    expect(renderer.composedPages()).toBe(2);
    const same = { url: '/?utm=2&brand=Kiva&sort=price-low', headers: { cookie: VERIFIED } };
    expect(renderer.cached(same as FastifyRequest, template)).toBe(filtered);

    const root = rootMarkup((await get('/?brand=Kiva&sort=price-low')).body);
    const names = [...root.matchAll(/<article [^>]*aria-label="([^"]+)"/g)].map((m) => m[1]);
    const kiva = products
      .filter((p) => p.brand === 'Kiva')
      .sort((a, b) => unitPrice(a, '1') - unitPrice(b, '1') || a.name.localeCompare(b.name))
      .map((p) => p.name);
    expect(kiva.length).toBeGreaterThan(1);
    // the featured and newest rows come first; the filtered grid lists Kiva alone, cheapest first
    expect(names.slice(-kiva.length)).toEqual(kiva);
    expect(root).toContain(`${kiva.length} products`);
  });

  it('leaves no async context tracking on once pages are rendered, so API calls do not pay for it', async () => {
    // with Node's promise hooks on (an enabled AsyncLocalStorage), every promise gets an id
    const promiseId = async () => {
      await null;
      return executionAsyncId();
    };
    const fresh = products.find((p) => p.stock === 0) ?? products[products.length - 1];
    expect((await get(`/product/${fresh.id}`)).body).toContain('canopy-state');
    expect([await promiseId(), await promiseId()]).toEqual([0, 0]);
  });

  it('keeps a product named like markup as text and data', async () => {
    const dealer = await dealerClient(t);
    const target = products.find((p) => p.stock > 0)!;
    const name = '</script><script>alert(1)</script>';
    const patched = await dealer.send('PATCH', `/api/products/${target.id}`, { name });
    expect(patched.statusCode).toBe(200);
    const page = (await get(`/product/${target.id}`)).body;
    expect(page).not.toContain('<script>alert(1)');
    const state = dataBlock(page, 'canopy-state') as { queries: { state: { data: unknown } }[] };
    expect(JSON.stringify(state)).toContain(name);
    await dealer.send('PATCH', `/api/products/${target.id}`, { name: target.name });
  });

  it('serves a repeat visit from its cache and a changed catalog at once', async () => {
    const first = await get('/', VERIFIED, { 'accept-encoding': 'gzip' });
    const second = await get('/', VERIFIED, { 'accept-encoding': 'gzip' });
    expect(second.headers.etag).toBe(first.headers.etag);
    // a repeat visit is answered before the routes, with the same security headers
    for (const header of ['content-security-policy', 'x-frame-options', 'referrer-policy'])
      expect(second.headers[header], header).toBe(first.headers[header]);
    expect(second.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(second.headers.vary).toBe('accept-encoding, cookie');
    expect(second.headers['cache-control']).toBe('no-cache');
    const notModified = await get('/', VERIFIED, { 'if-none-match': String(first.headers.etag) });
    expect(notModified.statusCode).toBe(304);

    const dealer = await dealerClient(t);
    const target = products.find((p) => p.featured && p.stock > 0 && plainName(p))!;
    await dealer.send('PATCH', `/api/products/${target.id}`, { name: 'Renamed Right Now' });
    const after = await get('/');
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(rootMarkup(after.body).includes('Renamed Right Now')).toBe(true);
    await dealer.send('PATCH', `/api/products/${target.id}`, { name: target.name });
  });

  it('answers ten simultaneous first visits after a change with one page', async () => {
    const dealer = await dealerClient(t);
    await dealer.send('PATCH', `/api/products/${products[0].id}`, { stock: products[0].stock });
    const pages = await Promise.all(Array.from({ length: 10 }, () => get('/')));
    expect(new Set(pages.map((p) => p.headers.etag)).size).toBe(1);
  });

  it('hints only the first image of a rendered product page; its code comes after the paint', async () => {
    const flower = products.find((p) => p.category === 'flower' && p.media.length > 0);
    if (!flower) throw new Error('the demo catalog has no flower with a picture');
    const first = flower.media[0].replace('.webp', '');
    const imageHint = `<link rel="preload" as="image" href="${first}-w1024.webp"`;
    const rendered = (await get(`/product/${flower.id}`)).body;
    expect(rendered).toContain('canopy-state');
    expect(rendered).toContain(imageHint);
    expect(rendered).not.toContain('modulepreload');
    expect(rendered).not.toContain('as="fetch"');
    // a dealer gets the shell, which draws nothing before its code and data arrive
    const shell = (await get(`/product/${flower.id}`, (await dealerClient(t)).cookie)).body;
    expect(shell).not.toContain('canopy-state');
    expect(shell).toContain(imageHint);
    expect(shell).toContain('<link rel="modulepreload" crossorigin href="/assets/react-bbb.js">');
    expect(shell).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/product-route-ccc.js">',
    );
    expect(shell).toContain(
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/products/${flower.id}">`,
    );
  });

  it('gives the plain shell to a dealer, an unknown product and other pages', async () => {
    const dealer = await dealerClient(t);
    for (const [url, cookie] of [
      ['/', dealer.cookie],
      ['/product/999999', VERIFIED],
      ['/product/no/such/thing', VERIFIED],
      ['/cart', VERIFIED],
    ] as const) {
      const res = await get(url, cookie);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('canopy-state');
    }
  });

  it('prints out-the-door prices when the dealer shows prices with taxes', async () => {
    const dealer = await dealerClient(t);
    const flower = products.find((p) => p.category === 'flower' && p.stock > 0 && plainName(p))!;
    const california = {
      ruleSet: RULE_SETS['US-CA'],
      date: shopClock(new Date(), t.config.SHOP_TIMEZONE).date,
      rates: { salesTaxPercent: 9.5, localTaxPercent: null },
    };
    const outTheDoor = formatCents(
      withGoodsTaxes(Math.round(unitPrice(flower, defaultQuantity(flower)) * 100), california),
    );
    const before = rootMarkup((await get(`/product/${flower.id}`)).body);
    expect(before.includes(outTheDoor)).toBe(false);
    const settings = { jurisdiction: 'US-CA', salesTaxRate: 9.5, pricesIncludeTaxes: true };
    expect((await dealer.send('PATCH', '/api/dealer-settings', settings)).statusCode).toBe(200);
    try {
      const after = rootMarkup((await get(`/product/${flower.id}`)).body);
      expect(after.includes(outTheDoor)).toBe(true);
      expect(after.includes('incl. tax')).toBe(true);
    } finally {
      await dealer.send('PATCH', '/api/dealer-settings', { pricesIncludeTaxes: false });
    }
  });
});

describe('a request URL', () => {
  it('splits into its path and its whole query, or none', () => {
    expect(splitRequestUrl('/product/7')).toEqual({ pathname: '/product/7', search: '' });
    expect(splitRequestUrl('/?category=edibles')).toEqual({
      pathname: '/',
      search: '?category=edibles',
    });
    expect(splitRequestUrl('/?')).toEqual({ pathname: '/', search: '' });
    // a second ? belongs to the query's value
    expect(splitRequestUrl('/?q=what?')).toEqual({ pathname: '/', search: '?q=what?' });
  });
});
