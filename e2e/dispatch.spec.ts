import { expect, type Page, test } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import { expectNoSeriousA11yViolations } from './axe';
import { fillId, signedIn, signOnPad } from './door';
import { placeOrder, productNamed } from './place-order';
import { toastSays } from './toast';

/**
 * Dispatch and the driver's phone view: the owner gives a delivery to a driver,
 * whose stop appears live; the driver starts it, the shopper's status link names the driver,
 * and the stop ends delivered once the ID check passes, or returned when it fails, with its
 * stock back on the shelf.
 */

const PASSWORD = 'a-driver-password';
/** The two sizes run at once on one shop: each counts the stock of a flower no other journey buys. */
const FLOWER: Record<string, string> = { phone: 'Granddaddy Purple', desktop: 'Purple Punch' };

test('the owner assigns a delivery; the driver hands it over or brings it back', async ({
  browser,
  page,
}, testInfo) => {
  test.slow();
  const viewport = page.viewportSize()!;
  const stamp = `${testInfo.project.name}${Date.now()}`;
  const owner = await signedIn(browser, E2E_DEALER, viewport);
  const added = await owner.context.request.post('/api/staff', {
    data: {
      username: `alex.${stamp}`,
      password: PASSWORD,
      role: 'driver',
      firstName: 'Alex',
      employeeNumber: `D-${stamp.slice(-6)}`,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const driver = await signedIn(
    browser,
    { username: `alex.${stamp}`, password: PASSWORD },
    viewport,
  );

  const flower = FLOWER[testInfo.project.name]!;
  const product = await productNamed(page.request, flower);
  const customer = `Jamie ${stamp} Rivera`;
  const order = await placeOrder(page.request, product, customer, '1/4 Oz', 1, 'delivery');

  // the driver's page is open and empty before the stop is assigned
  await driver.page.goto('/driver');
  await expect(
    driver.page.getByRole('heading', { level: 1, name: 'Your deliveries' }),
  ).toBeVisible();
  await expect(driver.page).toHaveTitle('Your deliveries | Canopy');
  await expect(driver.page.getByText('No deliveries are assigned to you right now.')).toBeVisible();
  if (viewport.width >= 1024) {
    // the side menu shows a driver their two pages; the owner sees every order on the dashboard
    const nav = (p: Page) => p.getByRole('navigation', { name: 'Dealer' });
    await expect(nav(driver.page).getByRole('link')).toHaveText(['Dashboard', 'Deliveries']);
    await owner.page.goto('/dealer');
    await expect(nav(owner.page).getByRole('link', { name: 'Staff' })).toBeVisible();
    await expect(nav(owner.page).getByRole('link', { name: 'Deliveries' })).toHaveCount(0);
  }

  await owner.page.goto('/dealer');
  const orders = owner.page.getByRole('region', { name: 'Orders Management' });
  await orders.getByRole('searchbox', { name: 'Search orders' }).fill(customer);
  const driverSelect = orders.getByRole('combobox', { name: `Driver of order #${order.id}` });
  await driverSelect.selectOption({ label: `Alex · #D-${stamp.slice(-6)}` });
  await expect(owner.page.getByTestId('toast')).toHaveText(
    toastSays(`Alex now has order #${order.id}.`),
  );
  await expect(driverSelect).toHaveValue(String((await added.json()).id));
  await owner.page.getByRole('button', { name: 'Dismiss notification' }).click();
  await orders.screenshot({ path: testInfo.outputPath('orders-with-driver.png') });

  // live: the stop appears without a reload
  const stop = driver.page
    .getByTestId('delivery-stop')
    .filter({ has: driver.page.getByRole('heading', { name: customer }) });
  await expect(stop).toBeVisible({ timeout: 20_000 });
  await expect(stop).toContainText(`Stop 1 · Order #${order.id}`);
  await expect(stop).toContainText(flower);
  await expect(stop).toContainText('1/4 Oz (7 g)');
  await expect(stop).toContainText(`Collect$${order.total.toFixed(2)}`);
  await expect(stop.getByRole('link', { name: /1 Ferry Building/ })).toHaveAttribute(
    'href',
    /google\.com\/maps\/search/,
  );
  await expect(stop.getByRole('link', { name: '555-0188' })).toHaveAttribute('href', 'tel:5550188');
  await driver.page.screenshot({ path: testInfo.outputPath('driver-stops.png'), fullPage: true });
  await expectNoSeriousA11yViolations(driver.page);

  // a stop the shop has not accepted yet cannot start
  await expect(stop).toContainText('Waiting for the shop to accept it');
  await expect(stop.getByRole('button', { name: 'Start delivery' })).toHaveCount(0);
  await orders
    .getByRole('combobox', { name: `Status of order #${order.id}` })
    .selectOption('accepted');
  await stop.getByRole('button', { name: 'Start delivery' }).click();
  await expect(stop).toContainText('Out for delivery');
  const shopper = await browser.newContext({ viewport });
  await shopper.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  const status = await shopper.newPage();
  await status.goto(`/o/${order.statusToken}`);
  await expect(status.getByTestId('order-status-now')).toHaveText(
    'Out for delivery · Same-day delivery',
  );
  await expect(status.getByText('Alex is bringing your order.')).toBeVisible();

  // the ID check at the door: the server says PASS before anything is handed over
  await stop.getByRole('button', { name: 'Delivered', exact: true }).click();
  const door = driver.page.getByRole('dialog', { name: `Check the ID for order #${order.id}` });
  await expect(door).toContainText(`The order is for ${customer}.`);
  await door.getByRole('button', { name: 'Check ID' }).click();
  await expect(door.getByText('First name is required')).toBeVisible();
  await fillId(door, 30);
  await expect(door.getByText('First name is required')).toBeHidden();
  await door.getByRole('button', { name: 'Check ID' }).click();
  await expect(door.getByRole('status')).toContainText('PASS');
  await expect(door.getByRole('status')).toContainText('name matches the order');
  await driver.page.screenshot({ path: testInfo.outputPath('driver-id-check.png') });
  await expectNoSeriousA11yViolations(driver.page);
  await signOnPad(driver.page, door.getByTestId('signature-pad'));
  await door.getByRole('button', { name: 'Hand over' }).click();
  await expect(driver.page.getByTestId('toast')).toHaveText(
    toastSays(`Order #${order.id} delivered.`),
  );
  await expect(stop).toHaveCount(0);
  await status.reload();
  await expect(status.getByTestId('order-status-now')).toHaveText('Delivered · Same-day delivery');

  // a second stop comes back: its quarter goes back on the shelf
  const before = (await productNamed(page.request, flower)).stock;
  const second = await placeOrder(
    page.request,
    product,
    `${customer} Two`,
    '1/4 Oz',
    1,
    'delivery',
  );
  expect((await productNamed(page.request, flower)).stock).toBe(before - 7);
  await owner.context.request.patch(`/api/orders/${second.id}/status`, {
    data: { status: 'accepted' },
  });
  const assigned = await owner.context.request.patch(`/api/orders/${second.id}/driver`, {
    data: { driverId: (await added.json()).id },
  });
  expect(assigned.ok()).toBe(true);
  const secondStop = driver.page
    .getByTestId('delivery-stop')
    .filter({ has: driver.page.getByRole('heading', { name: `${customer} Two` }) });
  // nobody home the first time: the stop stays on the list with the try counted and the note
  await secondStop.getByRole('button', { name: 'Start delivery' }).click();
  await secondStop.getByRole('button', { name: 'Not delivered' }).click();
  const notDelivered = driver.page.getByRole('dialog', {
    name: `Order #${second.id} not delivered`,
  });
  await expect(notDelivered.getByRole('radio', { name: 'Nobody home' })).toBeChecked();
  await notDelivered.getByLabel('Note (optional)').fill('Left a card, back at 6');
  await notDelivered.getByRole('button', { name: 'Try again later' }).click();
  await expect(driver.page.getByTestId('toast')).toHaveText(
    toastSays(`Order #${second.id} stays on your list to try again.`),
  );
  await expect(secondStop).toContainText('Tried once: Left a card, back at 6');
  await expect(secondStop.getByRole('button', { name: 'Start delivery' })).toBeVisible();
  await status.goto(`/o/${second.statusToken}`);
  await expect(status.getByRole('status').filter({ hasText: 'We tried to deliver' })).toContainText(
    'We tried to deliver once and could not reach you (Left a card, back at 6).',
  );

  // the second try: a 20-year-old's ID fails, and the order goes back with "ID check failed"
  await secondStop.getByRole('button', { name: 'Start delivery' }).click();
  await secondStop.getByRole('button', { name: 'Delivered', exact: true }).click();
  const secondDoor = driver.page.getByRole('dialog', {
    name: `Check the ID for order #${second.id}`,
  });
  await fillId(secondDoor, 20);
  await secondDoor.getByRole('button', { name: 'Check ID' }).click();
  await expect(secondDoor.getByRole('status')).toContainText('FAIL');
  await expect(secondDoor.getByRole('status')).toContainText('Under 21 (age 20)');
  await driver.page.screenshot({ path: testInfo.outputPath('driver-id-fail.png') });
  await secondDoor.getByRole('button', { name: 'Return to shop' }).click();
  const returnDialog = driver.page.getByRole('dialog', {
    name: `Order #${second.id} not delivered`,
  });
  await expect(returnDialog.getByRole('radio', { name: 'ID check failed' })).toBeChecked();
  await driver.page.screenshot({ path: testInfo.outputPath('driver-return.png') });
  await expectNoSeriousA11yViolations(driver.page);
  await returnDialog.getByRole('button', { name: 'Return to shop' }).click();
  await expect(driver.page.getByTestId('toast')).toHaveText(
    toastSays(`Order #${second.id} is going back to the shop.`),
  );
  await expect(secondStop).toHaveCount(0);
  expect((await productNamed(page.request, flower)).stock).toBe(before);
  await status.goto(`/o/${second.statusToken}`);
  await expect(status.getByTestId('order-status-now')).toHaveText('Returned · Same-day delivery');
  await expect(status.getByRole('status')).toContainText('came back to the shop');

  for (const context of [owner.context, driver.context, shopper]) await context.close();
});
