/**
 * Screenshots of the storefront at phone and desktop sizes, for looking at the
 * screens by eye. Needs a running server: BASE_URL (default http://127.0.0.1:3000).
 *   npm run screenshots
 */
import { mkdir } from 'node:fs/promises';
import { chromium, type Page } from '@playwright/test';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const OUT = process.env.SCREENSHOT_DIR ?? 'screenshots';
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(600);
}

async function main() {
  await mkdir(OUT, { recursive: true });
  const products = (await (await fetch(`${BASE_URL}/api/products`)).json()) as { id: number }[];
  const productId = products[0]?.id ?? 1;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking'],
  });
  try {
    for (const size of SIZES) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        deviceScaleFactor: size.name === 'phone' ? 2 : 1,
      });
      await context.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
      const page = await context.newPage();
      const shot = (name: string, fullPage = false) =>
        page.screenshot({ path: `${OUT}/${name}-${size.name}.png`, fullPage });

      await page.goto(`${BASE_URL}/`);
      await settle(page);
      await shot('home');
      await shot('home-full', true);

      await page.getByRole('button', { name: /open menu/i }).click();
      await page.waitForTimeout(400);
      await shot('side-menu');
      await page.getByRole('button', { name: 'Product Menu' }).click();
      await page.getByRole('heading', { name: 'Product Menu' }).waitFor();
      await settle(page);
      await shot('product-menu');
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);

      await page.getByRole('button', { name: 'Search products' }).click();
      await page.getByRole('heading', { name: 'Search Products' }).waitFor();
      await page.keyboard.type('kush');
      await settle(page);
      await shot('search');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      await page.goto(`${BASE_URL}/product/${productId}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await settle(page);
      await shot('product');
      await shot('product-full', true);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`screenshots written to ${OUT}/`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
