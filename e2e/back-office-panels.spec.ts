import { expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import { logInThroughDialog, openFromMenu } from './staff-login';

/**
 * The owner's first session: signed in through the hidden dialog (never a planted cookie), they
 * use each panel of the dashboard and open each page of the menu. Nothing is saved: every
 * change is undone at the field, so the shop the other journeys share stays as it was.
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Types into a field, sees its Save come alive, and puts the value back. */
async function editAndUndo(field: Locator, save: Locator, value: string) {
  const before = await field.inputValue();
  await expect(save).toBeDisabled();
  await field.fill(value);
  await expect(save).toBeEnabled();
  await field.fill(before);
  await expect(save).toBeDisabled();
}

test('the owner uses every panel of the dashboard after logging in through the dialog', async ({
  page,
}) => {
  await logInThroughDialog(page, E2E_DEALER);
  await expect(page).toHaveURL(/\/dealer$/);

  const inbox = region(page, 'Support Inbox');
  await inbox.getByRole('tab', { name: /Contact Messages/ }).click();
  await expect(inbox.getByRole('tab', { name: /Contact Messages/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  const orders = region(page, 'Orders Management');
  await orders.getByRole('tab', { name: /Order History/ }).click();
  await expect(orders.getByRole('tab', { name: /Order History/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  const inventory = region(page, 'Inventory Management');
  await inventory.getByRole('searchbox', { name: 'Search products' }).fill('Blue Dream');
  await expect(inventory.getByRole('button', { name: 'Edit Gelato #41' })).toHaveCount(0);
  await inventory.getByRole('button', { name: 'Edit Blue Dream' }).click();
  const product = page.getByRole('dialog', { name: 'Edit Product: Blue Dream' });
  await expect(product.getByLabel('Name', { exact: true })).toHaveValue('Blue Dream');
  await page.keyboard.press('Escape');
  await expect(product).toBeHidden();

  const featured = region(page, 'Featured Products');
  await expect(featured.getByRole('button', { name: 'Feature Rolling Papers' })).toBeVisible();
  await featured.getByRole('searchbox', { name: 'Search products to feature' }).fill('Glass Pipe');
  await expect(featured.getByRole('button', { name: 'Feature Glass Pipe' })).toBeVisible();
  await expect(featured.getByRole('button', { name: 'Feature Rolling Papers' })).toHaveCount(0);

  await region(page, 'Promotions').getByRole('button', { name: 'Create Promotion' }).click();
  const promotion = page.getByRole('dialog', { name: 'Create New Promotion' });
  await expect(promotion.getByLabel('Title')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(promotion).toBeHidden();

  for (const [panel, label, save, value] of [
    ['Store Profile', 'Opening hours', 'Save Store Profile', 'Every day 9 AM - 10 PM'],
    ['Compliance', 'Sales tax rate (%)', 'Save Compliance Settings', '9.25'],
    ['Order limits', 'Most of one item per order', 'Save Order Limits', '8'],
  ]) {
    const settings = region(page, panel);
    await editAndUndo(
      settings.getByLabel(label),
      settings.getByRole('button', { name: save }),
      value,
    );
  }

  const zones = region(page, 'Delivery Zones');
  await zones.getByLabel('Zone name').fill('Downtown');
  await zones.getByLabel('Postal codes').fill('not a postal code');
  await zones.getByRole('button', { name: 'Add Zone' }).click();
  await expect(zones.getByLabel('Postal codes')).toHaveAttribute('aria-invalid', 'true');
  await expect(zones.getByRole('heading', { name: 'Downtown' })).toHaveCount(0);
});

test('the owner opens every page of the back-office menu and uses it', async ({ page }) => {
  await logInThroughDialog(page, E2E_DEALER);
  await expect(page).toHaveURL(/\/dealer$/);

  await openFromMenu(page, 'Schedule Manager');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule Manager' })).toBeVisible();
  await page.getByRole('tab', { name: 'Calendar Schedule' }).click();
  await expect(page.getByRole('tab', { name: 'Calendar Schedule' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await openFromMenu(page, 'Category Manager');
  await expect(page.getByRole('heading', { level: 1, name: 'Category Management' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Category' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await openFromMenu(page, 'Staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await expect(
    page.getByRole('combobox', { name: `Role of ${E2E_DEALER.username}` }),
  ).toBeVisible();

  await openFromMenu(page, 'Reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const period = page.getByRole('combobox', { name: 'Period' });
  await period.selectOption({ label: 'Yesterday' });
  await expect(period.locator('option:checked')).toHaveText('Yesterday');

  await openFromMenu(page, 'Activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  // signing in through the dialog is the newest thing the owner did
  await expect(page.getByRole('heading', { level: 2, name: 'Activity log' })).toBeVisible();

  await openFromMenu(page, 'Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dealer Dashboard' })).toBeVisible();
});
