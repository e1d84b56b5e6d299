/**
 * The shop's day, not the phone's: this journey runs against a shop at UTC (the main journeys'
 * server) and against one at UTC+14 (the ordinary shopper's), each time with a phone on the
 * other side of the date line, so a rule that reads the phone's clock instead of the shop's
 * fails on one of them whatever time CI runs.
 */
import { expect, test } from '@playwright/test';

// Sunday 29 November 2026, 20:00 UTC: still Sunday at UTC and at UTC-12, already Monday at UTC+14
const INSTANT = new Date('2026-11-29T20:00:00Z');
const WEEKEND = 'Weekend 15% Off Flower'; // the demo's Saturday-and-Sunday promotion

test("a phone in another time zone shows the promotions of the shop's weekday", async ({
  browser,
  request,
}) => {
  const home = await (await request.get('/', { headers: { cookie: 'canopy_age=1' } })).text();
  const shopZone = /<meta name="shop-time-zone" content="([^"]+)"/.exec(home)?.[1];
  expect(['UTC', 'Pacific/Kiritimati']).toContain(shopZone);
  const shopSaysSunday = shopZone === 'UTC';
  const phoneZone = shopSaysSunday ? 'Pacific/Kiritimati' : 'Etc/GMT+12';

  const context = await browser.newContext({ timezoneId: phoneZone });
  await context.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  const page = await context.newPage();
  await page.clock.setFixedTime(INSTANT);
  await page.goto('/');
  // the phone's own calendar says the other day
  expect(await page.evaluate(() => new Date().getDay())).toBe(shopSaysSunday ? 1 : 0);

  const banner = page.getByRole('region', { name: 'Promotions' });
  await expect(banner).toBeVisible();
  const titles = banner.getByText(WEEKEND, { exact: true });
  if (shopSaysSunday) {
    await expect(titles.first()).toBeAttached();
  } else {
    // proven absent once the banner has drawn its promotions
    await expect(banner.getByRole('button', { name: /^Show promotion/ }).first()).toBeAttached();
    await expect(titles).toHaveCount(0);
  }
  await context.close();
});
