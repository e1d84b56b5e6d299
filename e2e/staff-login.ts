import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import type { StaffRole } from '../src/shared/staff';

/**
 * Staff sign in the way a person does (spec §2.2): ten quick presses on the footer's logo,
 * then the Dealer Authentication dialog. No cookie is planted.
 */
export const loginDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Dealer Authentication' });

/** The empty cart: a short page whose footer stays put between the ten presses. */
const SHORT_PAGE = '/cart';

export async function openLoginDialogByLogo(page: Page) {
  const logo = page.getByRole('contentinfo').getByRole('button', { name: 'Canopy' });
  await logo.scrollIntoViewIfNeeded();
  // one action with ten presses: separate actions could pass the spec's 3 s between two presses
  await logo.click({ clickCount: 10 });
  await expect(loginDialog(page)).toBeVisible();
}

export async function logInThroughDialog(
  page: Page,
  account: { username: string; password: string },
  from = SHORT_PAGE,
) {
  await page.goto(from);
  await openLoginDialogByLogo(page);
  const dialog = loginDialog(page);
  await dialog.getByLabel('Username').fill(account.username);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog).toBeHidden();
}

/** A new member of staff with this role, made by the owner through the staff API. */
export async function newStaffAccount(
  request: APIRequestContext,
  role: StaffRole,
  stamp: string,
): Promise<{
  id: number;
  username: string;
  password: string;
  firstName: string;
  employeeNumber: string;
}> {
  const owner = await request.post('/api/auth/login', { data: E2E_DEALER });
  expect(owner.ok()).toBe(true);
  const account = {
    username: `${role}.${stamp}`.toLowerCase().replace(/[^a-z0-9._-]/g, ''),
    password: `a-${role}-password`,
    firstName: role === 'driver' ? 'Dana' : role === 'dispatcher' ? 'Pat' : 'Sam',
  };
  const employeeNumber = `E-${stamp.slice(-6)}`;
  const created = await request.post('/api/staff', {
    data: { ...account, role, employeeNumber },
  });
  expect(created.status(), await created.text()).toBe(201);
  await request.post('/api/auth/logout');
  return { id: ((await created.json()) as { id: number }).id, ...account, employeeNumber };
}

/** The back-office menu's link, unfolding the menu first on a phone. */
export async function openFromMenu(page: Page, label: string) {
  const fold = page.getByRole('button', { name: /Dealer menu/ });
  const link = page.getByRole('navigation', { name: 'Dealer' }).getByRole('link', { name: label });
  // the menu is drawn folded (phone) or open (desktop): wait for whichever this size shows
  await expect(fold.or(link).filter({ visible: true }).first()).toBeVisible();
  if (!(await link.isVisible())) await fold.click();
  await link.click();
}

/** The back-office menu's links, in order; on a phone it folds into a button first. */
export async function menuLinks(page: Page): Promise<string[]> {
  const fold = page.getByRole('button', { name: /Dealer menu/ });
  const nav = page.getByRole('navigation', { name: 'Dealer' });
  await expect(
    fold.or(nav.getByRole('link').first()).filter({ visible: true }).first(),
  ).toBeVisible();
  if (await fold.isVisible()) await fold.click();
  return nav.getByRole('link').allInnerTexts();
}
