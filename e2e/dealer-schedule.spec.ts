/**
 * Schedule Manager journeys (spec §2.12, §4 day schedule, §8 schedule toasts):
 * a date the dealer overrides disappears from the shopper's scheduled-delivery
 * calendar, and restoring it brings it back. Phone and desktop runs share one
 * database, so each works on its own date.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import {
  availableDates,
  availableWindows,
  formatDateOnly,
  weeklyWindows,
} from '../src/shared/availability';
import type { Product } from '../src/shared/schemas/products';
import type { ScheduleSlot } from '../src/shared/schemas/schedule';
import type { DealerSettings } from '../src/shared/schemas/settings';

const toast = (page: Page) => page.getByTestId('toast');

async function schedule(request: APIRequestContext) {
  const slots = (await (await request.get('/api/schedule-slots')).json()) as ScheduleSlot[];
  const settings = (await (await request.get('/api/dealer-settings')).json()) as DealerSettings;
  return { slots, settings };
}

async function openCalendarOn(page: Page, date: string) {
  await page.goto('/schedule');
  await page.getByRole('tab', { name: 'Calendar Schedule' }).click();
  const day = page.locator(`button[data-date="${date}"]:not([disabled])`);
  for (let i = 0; i < 2 && !(await day.isVisible()); i += 1) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await day.click();
  await expect(day).toHaveAttribute('aria-pressed', 'true');
}

async function cartDate(page: Page, date: string) {
  await page.goto('/cart');
  await page.getByRole('tab', { name: /Scheduled/ }).click();
  return page.locator(`input[type="radio"][value="${date}"]`);
}

test.beforeEach(async ({ page }) => {
  const products = (await (await page.request.get('/api/products')).json()) as Product[];
  const flower = products.find((p) => p.category === 'flower' && p.stock >= 7)!;
  await page.addInitScript(
    (line) => {
      window.localStorage.setItem('ageVerified', 'true');
      if (!window.sessionStorage.getItem('e2e-cart')) {
        window.sessionStorage.setItem('e2e-cart', '1');
        window.localStorage.setItem('cart', JSON.stringify([line]));
      }
    },
    {
      id: flower.id,
      name: flower.name,
      price: flower.salePrice ?? flower.price,
      quantity: '1/8 Oz',
      count: 2,
    },
  );
  const login = await page.request.post('/api/auth/login', { data: E2E_DEALER });
  expect(login.ok()).toBe(true);
});

test('overriding a date removes it from the cart calendar; restoring brings it back', async ({
  page,
}, testInfo) => {
  const today = formatDateOnly(new Date());
  const before = await schedule(page.request);
  const open = availableDates(today, before.slots, before.settings).filter((d) => d !== today);
  // phone and desktop run side by side: each takes its own date
  const date = open[testInfo.project.name === 'phone' ? 0 : 1];
  expect(date, 'the demo schedule offers dates').toBeDefined();
  const weekly = weeklyWindows(date, before.settings);
  expect(availableWindows(date, before.slots, before.settings)).toEqual(weekly);

  await expect(await cartDate(page, date)).toBeEnabled();

  await openCalendarOn(page, date);
  await expect(page.getByTestId('day-status')).toHaveText('Follows weekly schedule');
  await page.getByRole('button', { name: 'Override the weekly schedule' }).click();
  await expect(toast(page)).toContainText('Weekly schedule overridden');
  await expect(page.getByTestId('day-status')).toHaveText('Custom day');

  const overridden = await schedule(page.request);
  expect(availableWindows(date, overridden.slots, overridden.settings)).toEqual([]);
  await expect(await cartDate(page, date)).toBeDisabled();

  // offering one window on the custom day brings the date back with that window only
  await openCalendarOn(page, date);
  const window = weekly[0];
  // the box follows the server, so it changes once the slot is saved
  await page.getByRole('checkbox', { name: window }).click();
  await expect(toast(page)).toContainText('Time slot added');
  await expect(page.getByRole('checkbox', { name: window })).toBeChecked();
  const custom = await schedule(page.request);
  expect(availableWindows(date, custom.slots, custom.settings)).toEqual([window]);
  await expect(await cartDate(page, date)).toBeEnabled();
  await page.locator(`input[type="radio"][value="${date}"]`).check();
  await expect(page.getByRole('radio', { name: / - / })).toHaveCount(1);

  await openCalendarOn(page, date);
  await page.getByRole('button', { name: 'Restore weekly schedule' }).click();
  await expect(toast(page)).toContainText('Weekly schedule restored');
  await expect(page.getByTestId('day-status')).toHaveText('Follows weekly schedule');
  const restored = await schedule(page.request);
  expect(availableWindows(date, restored.slots, restored.settings)).toEqual(weekly);
  expect(restored.slots.filter((s) => s.date === date)).toHaveLength(0);
});

test('unchecking a weekly window on a date keeps the other windows', async ({ page }, testInfo) => {
  const today = formatDateOnly(new Date());
  const before = await schedule(page.request);
  const open = availableDates(today, before.slots, before.settings).filter((d) => d !== today);
  const date = open[testInfo.project.name === 'phone' ? 2 : 3];
  const weekly = weeklyWindows(date, before.settings);

  await openCalendarOn(page, date);
  await page.getByRole('checkbox', { name: weekly[0] }).click();
  await expect(toast(page)).toContainText('Time slot removed');
  await expect(page.getByTestId('day-status')).toHaveText('Custom day');
  const after = await schedule(page.request);
  expect(availableWindows(date, after.slots, after.settings)).toEqual(weekly.slice(1));

  // an unoffered window is already unavailable
  const closed = page.getByRole('checkbox', { name: weekly[0] });
  await expect(closed).not.toBeChecked();

  await page.getByRole('button', { name: 'Restore weekly schedule' }).click();
  await expect(toast(page)).toContainText('Weekly schedule restored');
});

test('the weekly availability form saves the dealer settings', async ({ page }) => {
  const before = await schedule(page.request);
  await page.goto('/schedule');
  await expect(page.getByRole('heading', { name: 'Schedule Manager' })).toBeVisible();
  await expect(page.getByText('visible to customers immediately')).toBeVisible();
  for (const day of before.settings.availableDays) {
    await expect(page.getByRole('checkbox', { name: day, exact: true })).toBeChecked();
  }
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page)).toContainText('Settings updated.');
  const after = await schedule(page.request);
  expect(after.settings.availableDays).toEqual(before.settings.availableDays);
  expect(JSON.parse(after.settings.deliveryHours)).toEqual(
    JSON.parse(before.settings.deliveryHours),
  );
});

test('the delivery notes the dealer saves are shown to shoppers who schedule a delivery', async ({
  page,
}) => {
  // the same words from both projects, so their runs side by side cannot disagree
  const notes = 'Deliveries within 10 miles of downtown. Ring twice.';
  await page.goto('/schedule');
  const field = page.getByLabel('Delivery Notes');
  await field.fill(notes);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(toast(page).filter({ hasText: 'Settings updated.' })).toBeVisible();

  await page.goto('/cart');
  await page.getByRole('tab', { name: /Scheduled/ }).click();
  await expect(
    page.getByRole('complementary', { name: 'Delivery notes from the shop' }),
  ).toHaveText(notes);
  // not on the other delivery choices
  await page.getByRole('tab', { name: /Same-Day/ }).click();
  await expect(
    page.getByRole('complementary', { name: 'Delivery notes from the shop' }),
  ).toHaveCount(0);
});

test('calendar days are named by their date; a day that has passed shows no availability dot', async ({
  page,
}) => {
  await page.goto('/schedule');
  await page.getByRole('tab', { name: 'Calendar Schedule' }).click();
  const calendar = page.getByRole('table', { name: 'Delivery calendar' });
  const today = new Date();
  const todayButton = calendar.locator(`button[data-date="${formatDateOnly(today)}"]`);
  const weekday = today.toLocaleDateString('en-US', { weekday: 'long' });
  const month = today.toLocaleDateString('en-US', { month: 'long' });
  const longDate = `${today.getDate()} ${month} ${today.getFullYear()}, ${weekday}`;
  // the visible day number sits inside the spoken name (axe label-content-name-mismatch)
  await expect(todayButton).toHaveAccessibleName(new RegExp(`^${longDate}: `));
  await expect(todayButton).toContainText(String(today.getDate()));

  const past = calendar.locator('button[data-date][disabled]');
  const pastCount = await past.count();
  // only a month starting on a Monday that is today shows no earlier day
  for (let i = 0; i < pastCount; i += 1) {
    const dot = past.nth(i).locator('span[aria-hidden="true"]').first();
    await expect(dot).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await expect(past.nth(i)).not.toHaveAccessibleName(/schedule|Custom day|No deliveries/);
  }
});
