import { chromium, expect, type Page, test } from '@playwright/test';
import { E2E_DEALER } from '../playwright.config';
import { RULE_SETS } from '../src/shared/compliance/rule-sets';
import { deliveryTermsOf } from '../src/shared/compliance/zones';
import type { StaffMember } from '../src/shared/staff';
import { californiaLicence } from '../test/aamva-fixture';
import { writeBarcodeVideo } from '../test/fake-camera';
import { expectNoSeriousA11yViolations } from './axe';
import { fillId, signedIn, signOnPad } from './door';
import { MISSION, makeShopLicensed } from './licensed';
import { placeOrder, productNamed } from './place-order';
import { toastSays } from './toast';

/**
 * A licensed delivery from the shop to the door: the owner adds a
 * driver and a dispatcher; the dispatcher gives the driver a delivery; the driver, on a phone,
 * scans the licence's barcode through the camera (Chromium's fake camera plays a generated
 * PDF417), gets PASS, takes the customer's signature and hands the order over; the shopper's
 * status link says Delivered and shows the receipt with its excise line; a failed ID brings the
 * next order back with its stock; the owner reads every step in Activity.
 */

const PASSWORD = 'a-staff-password-1';
const PHONE_SIZE = { width: 390, height: 844 };
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-gpu',
  '--no-first-run',
];
/** The two sizes run one after the other on this shop, each with flowers of its own. */
const FLOWER: Record<string, string> = {
  'licensed-phone': 'Granddaddy Purple',
  'licensed-desktop': 'Purple Punch',
};

/** The owner's Staff page: a driver named `firstName`, employee no. DR-<last 7 of stamp>. */
async function addDriverOnStaffPage(page: Page, firstName: string, stamp: string) {
  const username = `${firstName.toLowerCase()}.${stamp}`;
  await page.goto('/staff');
  const form = page.getByRole('form', { name: 'Add a staff member' });
  await form.getByLabel('First name').fill(firstName);
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Employee number').fill(`DR-${stamp.slice(-7)}`);
  await form.getByLabel('Role').selectOption('driver');
  await form.getByLabel('Initial password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Add Staff Member' }).click();
  await expect(page.getByTestId('toast')).toHaveText(toastSays(`${firstName} added as driver.`));
  const list = (await (await page.request.get('/api/staff')).json()) as StaffMember[];
  const added = list.find((member) => member.username === username);
  expect(added?.role).toBe('driver');
  return { username, id: added!.id };
}

test('a driver scans the ID, takes a signature and delivers; the receipt has its taxes', async ({
  browser,
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  const viewport = page.viewportSize()!;
  const stamp = `${testInfo.project.name.slice(-5)}${Date.now()}`;
  const owner = await signedIn(browser, E2E_DEALER, viewport);
  await makeShopLicensed(owner.context.request);

  // the owner adds a dispatcher, and a driver on the Staff page
  const staff = async (role: string, firstName: string) => {
    const username = `${firstName.toLowerCase()}.${stamp}`;
    const added = await owner.context.request.post('/api/staff', {
      data: {
        username,
        password: PASSWORD,
        role,
        firstName,
        employeeNumber: `${role.slice(0, 2).toUpperCase()}-${stamp.slice(-7)}`,
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    return { username, id: ((await added.json()) as { id: number }).id };
  };
  const dispatcherAccount = await staff('dispatcher', 'Dana');
  const driverAccount = await addDriverOnStaffPage(owner.page, 'Alex', stamp);

  // the shopper's order: a quarter to the Mission, with California's taxes
  const flower = FLOWER[testInfo.project.name] ?? 'Granddaddy Purple';
  const product = await productNamed(page.request, flower);
  const terms = {
    address: '3000 20th Street, San Francisco, CA 94110',
    delivery: deliveryTermsOf({ id: 0, ...MISSION, salesTaxRate: null }),
    tax: {
      ruleSet: RULE_SETS['US-CA'],
      date: new Date().toISOString().slice(0, 10),
      rates: { salesTaxPercent: 9.5, localTaxPercent: null },
    },
  };
  const customer = `Jamie Rivera ${stamp}`;
  const order = await placeOrder(page.request, product, customer, '1/4 Oz', 1, 'delivery', {
    ...terms,
    phone: `555-01${stamp.slice(-2)}`,
  });
  expect(order.taxes.map((line) => line.name)).toContain('Cannabis excise tax');

  // the dispatcher accepts and packs it, and gives it to Alex from the dashboard
  const dispatcher = await signedIn(
    browser,
    { username: dispatcherAccount.username, password: PASSWORD },
    viewport,
  );
  await dispatcher.page.goto('/dealer');
  const orders = dispatcher.page.getByRole('region', { name: 'Orders Management' });
  await orders.getByRole('searchbox', { name: 'Search orders' }).fill(customer);
  const orderStatus = orders.getByRole('combobox', { name: `Status of order #${order.id}` });
  for (const next of ['accepted', 'packed'] as const) {
    await orderStatus.selectOption(next);
    await expect(orderStatus).toHaveValue(next);
  }
  await orders
    .getByRole('combobox', { name: `Driver of order #${order.id}` })
    .selectOption({ label: `Alex · #DR-${stamp.slice(-7)}` });
  await expect(dispatcher.page.getByTestId('toast')).toHaveText(
    toastSays(`Alex now has order #${order.id}.`),
  );

  // the driver's phone, whose camera sees the back of Jamie Rivera's licence
  const video = testInfo.outputPath('licence.y4m');
  const year = new Date().getFullYear();
  writeBarcodeVideo(
    video,
    californiaLicence({
      idNumber: `Y${stamp.slice(-7)}`,
      firstName: 'JAMIE',
      lastName: 'RIVERA',
      dateOfBirth: `${year - 34}-01-01`,
      expiry: `${year + 3}-01-01`,
    }),
  );
  const phone = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const driverContext = await phone.newContext({ viewport: PHONE_SIZE, baseURL, hasTouch: true });
  await driverContext.grantPermissions(['camera']);
  await driverContext.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  expect(
    (
      await driverContext.request.post('/api/auth/login', {
        data: { username: driverAccount.username, password: PASSWORD },
      })
    ).ok(),
  ).toBe(true);
  const driver = await driverContext.newPage();
  await driver.goto('/driver');
  const stop = driver
    .getByTestId('delivery-stop')
    .filter({ has: driver.getByRole('heading', { name: customer }) });
  await expect(stop).toContainText(`Collect$${order.total.toFixed(2)}`);
  await stop.getByRole('button', { name: 'Start delivery' }).click();
  await expect(stop).toContainText('Out for delivery');

  await stop.getByRole('button', { name: 'Delivered', exact: true }).click();
  const door = driver.getByRole('dialog', { name: `Check the ID for order #${order.id}` });
  await door.getByRole('button', { name: "Scan the ID's barcode" }).click();
  await expect(door.getByRole('status').first()).toContainText('PASS', { timeout: 30_000 });
  await expect(door.getByText('read from the barcode')).toBeVisible();

  // payment collected: cash short of the total is refused at the field, then the change is shown
  const total = order.total.toFixed(2);
  const paid = door.getByRole('group', { name: `Payment collected · total $${total}` });
  await expect(paid.getByRole('radio', { name: 'Cash' })).toBeChecked();
  const amount = paid.getByLabel('Amount collected ($)');
  await expect(amount).toHaveValue(total);
  await amount.fill('20');
  // no signature and short cash: no handover
  await door.getByRole('button', { name: 'Hand over' }).click();
  await expect(door.getByText('Ask the customer to sign before handing over.')).toBeVisible();
  await expect(paid).toContainText(`$20.00 is short of the total, $${total}`);
  await amount.fill('200');
  const change = (200 - order.total).toFixed(2);
  await expect(paid).toContainText(`Give back $${change} in change.`);
  await signOnPad(driver, door.getByTestId('signature-pad'));
  await expect(door.getByRole('img', { name: /signature: signed$/ })).toBeVisible();
  await driver.screenshot({ path: testInfo.outputPath('driver-signature.png') });
  await expectNoSeriousA11yViolations(driver);
  await door.getByRole('button', { name: 'Hand over' }).click();
  await expect(driver.getByTestId('toast')).toHaveText(toastSays(`Order #${order.id} delivered.`));

  // the shopper's link: delivered, with the receipt and its excise line
  const shopper = await browser.newContext({ viewport });
  await shopper.addInitScript(() => localStorage.setItem('ageVerified', 'true'));
  const status = await shopper.newPage();
  await status.goto(`/o/${order.statusToken}`);
  await expect(status.getByTestId('order-status-now')).toHaveText('Delivered · Same-day delivery');
  const receiptLink = status.getByRole('link', { name: /View receipt/ });
  await status.screenshot({ path: testInfo.outputPath('status-delivered.png'), fullPage: true });
  await expectNoSeriousA11yViolations(status);
  const receiptUrl = await receiptLink.getAttribute('href');
  await status.goto(receiptUrl!);
  await expect(status.getByRole('heading', { name: /Receipt/ })).toBeVisible();
  await expect(status.locator('body')).toContainText('Cannabis excise tax');
  await expect(status.locator('body')).toContainText('Alex');
  await expect(status.locator('body')).toContainText(`DR-${stamp.slice(-7)}`);
  await expect(status.locator('body')).toContainText(`Dana (employee no. DI-${stamp.slice(-7)})`);
  await expect(status.locator('body')).toContainText(`$${order.total.toFixed(2)}`);
  // a shared link withholds the signature; the shop's staff see it
  await expect(status.locator('body')).toContainText('Not shown on a shared link');
  await expect(status.getByRole('img', { name: /signature/i })).toHaveCount(0);
  await status.screenshot({ path: testInfo.outputPath('receipt.png'), fullPage: true });
  await expectNoSeriousA11yViolations(status);
  const staffReceipt = await dispatcher.context.newPage();
  await staffReceipt.goto(`/api/orders/${order.id}/receipt`);
  await expect(staffReceipt.getByRole('img', { name: /signature/i })).toBeVisible();
  await expect(staffReceipt.locator('body')).toContainText(
    `Cash, $200.00 collected, $${change} change`,
  );
  await staffReceipt.close();

  // the next stop's customer is 20: the order comes back and its quarter goes back on the shelf
  const before = (await productNamed(page.request, flower)).stock;
  const second = await placeOrder(
    page.request,
    product,
    `${customer} Two`,
    '1/4 Oz',
    1,
    'delivery',
    { ...terms, phone: `555-02${stamp.slice(-2)}` },
  );
  expect((await productNamed(page.request, flower)).stock).toBe(before - 7);
  await dispatcher.context.request.patch(`/api/orders/${second.id}/status`, {
    data: { status: 'accepted' },
  });
  await dispatcher.context.request.patch(`/api/orders/${second.id}/driver`, {
    data: { driverId: driverAccount.id },
  });
  const secondStop = driver
    .getByTestId('delivery-stop')
    .filter({ has: driver.getByRole('heading', { name: `${customer} Two` }) });
  await secondStop.getByRole('button', { name: 'Start delivery' }).click();
  await secondStop.getByRole('button', { name: 'Delivered', exact: true }).click();
  const secondDoor = driver.getByRole('dialog', { name: `Check the ID for order #${second.id}` });
  await fillId(secondDoor, 20, 'D7777777');
  await secondDoor.getByRole('button', { name: 'Check ID' }).click();
  await expect(secondDoor.getByRole('status')).toContainText('Under 21 (age 20)');
  await secondDoor.getByRole('button', { name: 'Return to shop' }).click();
  await driver
    .getByRole('dialog', { name: `Order #${second.id} not delivered` })
    .getByRole('button', { name: 'Return to shop' })
    .click();
  await expect(driver.getByTestId('toast')).toHaveText(
    toastSays(`Order #${second.id} is going back to the shop.`),
  );
  expect((await productNamed(page.request, flower)).stock).toBe(before);
  await status.goto(`/o/${second.statusToken}`);
  await expect(status.getByTestId('order-status-now')).toHaveText('Returned · Same-day delivery');

  // the owner reads each step in Activity
  await owner.page.goto('/activity');
  await owner.page.getByLabel('What').selectOption('orders');
  const entries = owner.page
    .getByRole('list', { name: 'Activity entries' })
    .getByTestId('audit-entry');
  const about = (id: number, text: string) =>
    entries.filter({ hasText: new RegExp(`Order #${id}(?!\\d)`) }).filter({ hasText: text });
  await expect(about(order.id, `Driver (staff #): — → ${driverAccount.id}`)).toContainText(
    `${dispatcherAccount.username} (dispatcher)`,
  );
  await expect(about(order.id, 'Status: accepted → packed')).toContainText(
    `${dispatcherAccount.username} (dispatcher)`,
  );
  await expect(about(order.id, 'Status: packed → on the way')).toContainText(
    `${driverAccount.username} (driver)`,
  );
  await expect(about(order.id, '"method":"scan"')).toContainText(
    `${driverAccount.username} (driver)`,
  );
  await expect(about(order.id, 'Signature: — → (signature image)')).toContainText(
    'Status: on the way → completed',
  );
  await expect(about(second.id, 'Return reason: — → id-failed')).toBeVisible();
  await owner.page.screenshot({ path: testInfo.outputPath('activity.png'), fullPage: true });

  await phone.close();
  for (const context of [owner.context, dispatcher.context, shopper]) await context.close();
});
