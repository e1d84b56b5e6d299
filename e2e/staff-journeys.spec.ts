import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import { placeOrder, productNamed } from './place-order';
import { logInThroughDialog, menuLinks, newStaffAccount, openFromMenu } from './staff-login';
import { toastSays } from './toast';

/**
 * A dispatcher's and a driver's first session: each signs in through the hidden dialog (never
 * a planted cookie) and, without a reload, uses every panel and page the role may reach, and
 * finds none it may not. A login answer that lost the role or its permissions fails both.
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
});

/** A flower no other journey counts the stock of. */
const FLOWER = 'Green Crack';

/** A shopper's same-day delivery, placed through the API. */
const deliveryOrder = async (request: APIRequestContext, customer: string) =>
  placeOrder(request, await productNamed(request, FLOWER), customer, '1/2 Oz', 1, 'delivery');

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The owner's panels: none of them is part of a dispatcher's or a driver's role. */
const OWNER_PANELS = [
  'Support Inbox',
  'Inventory Management',
  'Featured Products',
  'Promotions',
  'Store Profile',
  'Compliance',
  'Order limits',
  'Delivery Zones',
];

/** The menu's account line: who is signed in, and as what. */
const signedInAs = (page: Page, username: string) =>
  page.getByText(`Signed in as ${username}`).filter({ visible: true }).locator('xpath=..');

async function expectNoOwnerPanels(page: Page) {
  for (const name of OWNER_PANELS) await expect(region(page, name)).toHaveCount(0);
}

/** A page the role may not open, opened by its address. */
async function expectRefused(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Not part of your role' })).toBeVisible();
}

test('a dispatcher signs in through the dialog and works the orders and the schedule', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const stamp = `${testInfo.project.name}${Date.now()}`;
  const driver = await newStaffAccount(request, 'driver', `${stamp}d`);
  const dispatcher = await newStaffAccount(request, 'dispatcher', stamp);
  const customer = `Dispatch ${stamp}`;
  const order = await deliveryOrder(request, customer);

  await logInThroughDialog(page, dispatcher);
  await expect(page).toHaveURL(/\/dealer$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dealer Dashboard' })).toBeVisible();
  await expect(page.getByText(`Welcome back, ${dispatcher.firstName}.`)).toBeVisible();
  await expect(page.getByText('Here is what your role looks after.')).toBeVisible();
  await expectNoOwnerPanels(page);

  // the orders: found, accepted and given to a driver
  const orders = region(page, 'Orders Management');
  await expect(orders).not.toContainText('Your role reads orders without changing them.');
  await orders.getByRole('searchbox', { name: 'Search orders' }).fill(customer);
  const status = orders.getByRole('combobox', { name: `Status of order #${order.id}` });
  await expect(status).toHaveValue('pending');
  await status.selectOption('accepted');
  await expect(page.getByTestId('toast')).toHaveText(
    toastSays('Order updated', `Order #${order.id} is now accepted.`),
  );
  await expect(status).toHaveValue('accepted');
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  const driverSelect = orders.getByRole('combobox', { name: `Driver of order #${order.id}` });
  await driverSelect.selectOption({ label: `${driver.firstName} · #${driver.employeeNumber}` });
  await expect(page.getByTestId('toast')).toHaveText(
    toastSays(`${driver.firstName} now has order #${order.id}.`),
  );
  await expect(driverSelect).toHaveValue(String(driver.id));
  await orders.getByRole('tab', { name: /Order History/ }).click();
  await expect(orders.getByRole('tab', { name: /Order History/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(status).toHaveCount(0);
  await orders.getByRole('tab', { name: /Active Orders/ }).click();
  await expect(status).toHaveValue('accepted');

  // the menu holds the schedule and nothing of the owner's
  expect(await menuLinks(page)).toEqual(['Dashboard', 'Schedule Manager']);
  await expect(signedInAs(page, dispatcher.username)).toContainText('Dispatcher');
  await openFromMenu(page, 'Schedule Manager');
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule Manager' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Weekly Availability' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('tab', { name: 'Calendar Schedule' }).click();
  await expect(page.getByRole('tab', { name: 'Calendar Schedule' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await openFromMenu(page, 'Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dealer Dashboard' })).toBeVisible();
  await expect(region(page, 'Orders Management')).toBeVisible();

  for (const path of ['/staff', '/categories', '/reports', '/activity', '/driver'])
    await expectRefused(page, path);
});

test('a driver signs in through the dialog and works their stops, and only those', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const stamp = `${testInfo.project.name}${Date.now()}`;
  const driver = await newStaffAccount(request, 'driver', stamp);
  const customer = `Driven ${stamp}`;
  const order = await deliveryOrder(request, customer);
  // the owner accepts the order and gives it to the driver
  expect((await request.post('/api/auth/login', { data: E2E_DEALER })).ok()).toBe(true);
  const accepted = await request.patch(`/api/orders/${order.id}/status`, {
    data: { status: 'accepted' },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  const assigned = await request.patch(`/api/orders/${order.id}/driver`, {
    data: { driverId: driver.id },
  });
  expect(assigned.ok(), await assigned.text()).toBe(true);
  await request.post('/api/auth/logout');

  await logInThroughDialog(page, driver);
  await expect(page).toHaveURL(/\/driver$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your deliveries' })).toBeVisible();
  const stop = page
    .getByTestId('delivery-stop')
    .filter({ has: page.getByRole('heading', { name: customer }) });
  await expect(stop).toContainText(`Order #${order.id}`);
  await expect(stop).toContainText(FLOWER);
  await stop.getByRole('button', { name: 'Start delivery' }).click();
  await expect(stop).toContainText('Out for delivery');

  // the door's ID check opens, and waits for the ID
  await stop.getByRole('button', { name: 'Delivered', exact: true }).click();
  const door = page.getByRole('dialog', { name: `Check the ID for order #${order.id}` });
  await expect(door).toContainText(`The order is for ${customer}.`);
  await door.getByRole('button', { name: 'Check ID' }).click();
  await expect(door.getByText('First name is required')).toBeVisible();
  await door.getByRole('button', { name: 'Cancel' }).click();
  await expect(door).toBeHidden();
  await expect(stop).toContainText('Out for delivery');

  // the menu holds the dashboard and the stops; the dashboard points back to them
  expect(await menuLinks(page)).toEqual(['Dashboard', 'Deliveries']);
  await expect(signedInAs(page, driver.username)).toContainText('Driver');
  await openFromMenu(page, 'Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dealer Dashboard' })).toBeVisible();
  await expect(page.getByText(`Welcome back, ${driver.firstName}.`)).toBeVisible();
  await expect(region(page, 'Orders Management')).toHaveCount(0);
  await expectNoOwnerPanels(page);
  await region(page, 'Your deliveries').getByRole('link', { name: 'Open your deliveries' }).click();
  await expect(page).toHaveURL(/\/driver$/);
  await expect(stop).toContainText('Out for delivery');

  for (const path of ['/schedule', '/staff', '/categories', '/reports', '/activity'])
    await expectRefused(page, path);
});
