import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { buildApp } from '../app';
import { BUILD_RECHECK_MS } from './build-file';

describe('serving the built client', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'canopy-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<html><head><title>Canopy</title><meta name="description" content="shop"></head><body>v1</body></html>',
    );
    writeFileSync(path.join(webDir, 'assets', 'index-aaa.js'), 'console.log(1)');
    mkdirSync(path.join(webDir, '.vite'));
    writeFileSync(
      path.join(webDir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-aaa.js', isEntry: true, imports: ['_clsx.js'] },
        '_clsx.js': { file: 'assets/clsx-ccc.js' },
        '_bag.js': { file: 'assets/bag-ddd.js' },
        'app/routes/product-route.tsx': {
          file: 'assets/product-route-eee.js',
          isDynamicEntry: true,
          imports: ['index.html', '_clsx.js', '_bag.js'],
        },
      }),
    );
    t = await createTestApp('sqlite', {
      webDir,
      env: { PUBLIC_URL: 'https://shop.example', SHOP_TIMEZONE: 'America/Denver' },
    });
  });
  afterAll(() => t.dispose());

  it('answers unknown pages with the app shell so the browser can show 404 Page Not Found', async () => {
    const res = await t.app.inject('/no/such/page');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('v1');
  });

  it("tells every page the shop's time zone, so the browser schedules on the shop's clock", async () => {
    for (const page of ['/', '/cart', '/product/1']) {
      const res = await t.app.inject(page);
      expect(res.body).toContain('<meta name="shop-time-zone" content="America/Denver">');
    }
  });

  it('serves hashed assets as immutable, and a missing asset as a plain 404', async () => {
    const asset = await t.app.inject('/assets/index-aaa.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject('/assets/index-zzz.js')).statusCode).toBe(404);
  });

  it('serves a rebuild without a restart', async () => {
    writeFileSync(path.join(webDir, 'assets', 'index-bbb.js'), 'console.log(2)');
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<html><head><title>Canopy</title></head><body>v2</body></html>',
    );
    expect((await t.app.inject('/assets/index-bbb.js')).statusCode).toBe(200);
    // the page's template is looked at again within BUILD_RECHECK_MS
    await vi.waitFor(async () => expect((await t.app.inject('/')).body).toContain('v2'), {
      timeout: BUILD_RECHECK_MS * 3,
      interval: 50,
    });
  });

  it("puts the product's title, description and image into the page for product links", async () => {
    const res = await t.app.inject('/product/flower/top-shelf/hybrid/gelato-41');
    expect(res.body).toContain('<title>Gelato #41 | Canopy</title>');
    expect(res.body).toContain('<meta property="og:title" content="Gelato #41 | Canopy">');
    expect(res.body).toMatch(
      /<meta property="og:image" content="https:\/\/shop\.example\/media\/demo-\d+-w1024\.webp">/,
    );
    expect(res.body).toContain('Dense, frosty buds');
    const byId = await t.app.inject('/product/1');
    expect(byId.body).toContain('<title>Blue Dream | Canopy</title>');
  });

  it('13.17 builds og:url and og:image from PUBLIC_URL, never from the Host header', async () => {
    const res = await t.app.inject({
      url: '/product/flower/top-shelf/hybrid/gelato-41?utm=x',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.body).toContain(
      '<meta property="og:url" content="https://shop.example/product/flower/top-shelf/hybrid/gelato-41">',
    );
    expect(res.body).toMatch(/<meta property="og:image" content="https:\/\/shop\.example\/media\//);
    expect(res.body).not.toContain('evil.example');
  });

  it('13.17 leaves out absolute og:url and og:image when PUBLIC_URL is not set', async () => {
    // a second app on the same database, configured without PUBLIC_URL
    const plain = await buildApp({
      config: { ...t.config, PUBLIC_URL: undefined },
      db: t.db,
      logger: false,
      webDir,
    });
    try {
      const res = await plain.inject({ url: '/product/1', headers: { host: 'evil.example' } });
      expect(res.body).toContain('<title>Blue Dream | Canopy</title>');
      expect(res.body).not.toContain('og:url');
      expect(res.body).not.toContain('og:image');
      expect(res.body).not.toContain('evil.example');
    } finally {
      await plain.close();
    }
  });

  it('13.16 puts a product named with $` and $& into the page as text, not as replacement patterns', async () => {
    // the last demo product: the other tests read Blue Dream and Gelato #41
    const { id } = await t.db.kysely
      .selectFrom('products')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .updateTable('products')
      .set({ name: "Kush $` $& $' $$" })
      .where('id', '=', id)
      .execute();
    const page = (await t.app.inject(`/product/${id}`)).body;
    expect(page).toContain('<title>Kush $` $&amp; $&#39; $$ | Canopy</title>');
    expect(page).toContain(
      '<meta property="og:title" content="Kush $` $&amp; $&#39; $$ | Canopy">',
    );
    expect(page.match(/<head>/g)).toHaveLength(1);
    expect(page.match(/<title>/g)).toHaveLength(1);
  });

  it('preloads the product route code and the first gallery image on product pages', async () => {
    const page = (await t.app.inject('/product/1')).body;
    expect(page).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/product-route-eee.js">',
    );
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/bag-ddd.js">');
    expect(page).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/products/1">',
    );
    const byAddress = (await t.app.inject('/product/flower/top-shelf/hybrid/gelato-41')).body;
    expect(byAddress).toContain('href="/api/products/by-url/flower/top-shelf/hybrid/gelato-41"');
    // the entry already loads its own imports
    expect(page).not.toContain('href="/assets/clsx-ccc.js"');
    const blueDream = (await (await t.app.inject('/api/products/1')).json()) as { media: string[] };
    const first = blueDream.media[0].replace('.webp', '');
    expect(page).toContain(
      `<link rel="preload" as="image" href="${first}-w1024.webp" imagesrcset="${first}-w320.webp 320w, ${first}-w640.webp 640w, ${first}-w1024.webp 1024w" imagesizes="(min-width: 1024px) 600px, 100vw" fetchpriority="high">`,
    );
    expect((await t.app.inject('/')).body).not.toContain('modulepreload');
  });

  it('keeps the build manifest private', async () => {
    const res = await t.app.inject('/.vite/manifest.json');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).not.toContain('product-route-eee');
  });
});
