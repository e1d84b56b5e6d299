import { expect, type Page, test } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import { expectNoSeriousA11yViolations } from './axe';
import { logInThroughDialog, menuLinks, newStaffAccount } from './staff-login';

/**
 * The first hour: every role signs in through the hidden dialog, as a person does,
 * and lands on its own first screen with every panel it may use, without a reload.
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

const panel = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

test('the owner lands on the dashboard with every panel and page', async ({ page }) => {
  await logInThroughDialog(page, E2E_DEALER);
  await expect(page).toHaveURL(/\/dealer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dealer Dashboard' })).toBeVisible();
  await expect(page.getByText('Orders, products and promotions at a glance.')).toBeVisible();
  for (const name of [
    'Support Inbox',
    'Orders Management',
    'Inventory Management',
    'Featured Products',
    'Promotions',
    'Store Profile',
    'Compliance',
    'Delivery Zones',
  ]) {
    await expect(panel(page, name)).toBeVisible();
  }
  await expect(page.getByRole('button', { name: /Pending Orders/ })).toBeVisible();
  expect(await menuLinks(page)).toEqual([
    'Dashboard',
    'Schedule Manager',
    'Category Manager',
    'Staff',
    'Reports',
    'State reporting',
    'Activity',
  ]);
});

test('a dispatcher lands on the dashboard with the orders and the schedule', async ({
  page,
  request,
}, testInfo) => {
  const account = await newStaffAccount(
    request,
    'dispatcher',
    `${testInfo.project.name}${Date.now()}`,
  );
  await logInThroughDialog(page, account);
  await expect(page).toHaveURL(/\/dealer$/);
  await expect(page.getByText(`Welcome back, ${account.firstName}.`)).toBeVisible();
  await expect(panel(page, 'Orders Management')).toBeVisible();
  await expect(page.getByText('Here is what your role looks after.')).toBeVisible();
  await expect(panel(page, 'Inventory Management')).toHaveCount(0);
  expect(await menuLinks(page)).toEqual(['Dashboard', 'Schedule Manager']);
});

test('a driver lands on their stops', async ({ page, request }, testInfo) => {
  const account = await newStaffAccount(request, 'driver', `${testInfo.project.name}${Date.now()}`);
  await logInThroughDialog(page, account);
  await expect(page).toHaveURL(/\/driver$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your deliveries' })).toBeVisible();
  expect(await menuLinks(page)).toEqual(['Dashboard', 'Deliveries']);
  await expectNoSeriousA11yViolations(page);
});

test('support lands on the inbox, first on the dashboard', async ({ page, request }, testInfo) => {
  const account = await newStaffAccount(
    request,
    'support',
    `${testInfo.project.name}${Date.now()}`,
  );
  await logInThroughDialog(page, account);
  await expect(page).toHaveURL(/\/dealer$/);
  const inbox = panel(page, 'Support Inbox');
  await expect(inbox).toBeVisible();
  await expect(inbox).toBeInViewport();
  await expect(panel(page, 'Orders Management')).toBeVisible();
  await expect(panel(page, 'Promotions')).toHaveCount(0);
  expect(await menuLinks(page)).toEqual(['Dashboard']);
});
